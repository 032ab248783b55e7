import { ConfigError } from '../server/config.ts';

/**
 * Runs a command's main function and exits with the code it returns. An error of one of the
 * `refusals` classes (a bad setting, a refused backup) prints its message alone; anything else
 * prints with its stack. Either exits 1.
 */
export function runCommand(
  main: () => Promise<number>,
  refusals: readonly (abstract new (...args: never[]) => Error)[] = [],
): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const refused = [ConfigError, ...refusals].some((kind) => error instanceof kind);
      console.error(refused ? (error as Error).message : error);
      process.exit(1);
    },
  );
}
