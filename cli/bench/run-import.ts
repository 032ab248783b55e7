/** Runs the real import command for the import benchmarks. */
import { spawn } from 'node:child_process';

export interface ImportRun {
  seconds: number;
  peakMb: number;
  output: string;
}

/** Runs the real import command in its own process, so its peak memory is its own. */
export function runImport(files: string[], env: Record<string, string>): Promise<ImportRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/import/main.ts', ...files], {
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`import exited with ${code}:\n${output}`));
      const peakMb = Number(/peak memory: (\d+) MB/.exec(output)?.[1] ?? NaN);
      resolve({ seconds: (performance.now() - started) / 1000, peakMb, output });
    });
  });
}
