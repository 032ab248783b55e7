// Bundles the server entry, and the sync the server runs daily as a child process, into ES modules
// beside each other. Dependencies stay external (they are in node_modules); the React Router build is
// loaded at run time from build/server.
import { copyFile } from 'node:fs/promises';
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'server/main.ts', sync: 'cli/sync/main.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The importer's census search-index worker, which the bundled sync starts from beside itself.
await copyFile('cli/import/search-index-build-worker.mjs', 'dist/server/search-index-build-worker.mjs');
