/**
 * Watchers benchmark (npm run bench:watch, issue 54): the lookup of 500 numbers and the watchlist page
 * of 5,000 carriers on one store (./watchers-figures.ts; npm run bench:alerts prints the same figures
 * beside the alerts'). Build first: npm run build.
 *
 *   npm run bench:watch [-- --carriers 300000 --samples 100 --sqlite-db data/app.db --port 3204
 *                          --postgres-url postgres://u@host/postgres [--keep] | --postgres-db URL
 *                          --cpu-prof .tmp/profiles]
 */
import { parseArgs } from 'node:util';
import { measureWatchers } from './watchers-figures.ts';

const { values } = parseArgs({
  options: {
    carriers: { type: 'string', default: '300000' },
    samples: { type: 'string', default: '100' },
    'sqlite-db': { type: 'string' },
    'postgres-url': { type: 'string' },
    'postgres-db': { type: 'string' },
    keep: { type: 'boolean', default: false },
    port: { type: 'string', default: '3204' },
    'cpu-prof': { type: 'string' },
  },
});

await measureWatchers({
  carriers: Number(values.carriers),
  samples: Number(values.samples),
  sqliteDb: values['sqlite-db'],
  postgresUrl: values['postgres-url'],
  postgresDb: values['postgres-db'],
  keep: values.keep,
  port: Number(values.port),
  cpuProf: values['cpu-prof'],
});
