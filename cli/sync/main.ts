/** The entry of `npm run sync` (and of the server's daily run, bundled as dist/server/sync.js). */
import { runCommand } from '../run-command.ts';
import { syncCommand } from './command.ts';

runCommand(() => syncCommand(process.argv.slice(2)));
