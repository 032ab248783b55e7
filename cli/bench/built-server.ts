import { spawn } from 'node:child_process';

export interface RunningServer {
  baseUrl: string;
  /** The server's process id, for benchmarks that sample its memory. */
  pid: number;
  stop: () => void;
}

/**
 * Starts the built server (dist/server/main.js) in its own process on a data directory, so load
 * generators in the benchmark process do not share its CPU time, and waits until it answers. With
 * `cpuProfileDir` the server writes a V8 CPU profile there when it stops (node --cpu-prof).
 */
export async function startBuiltServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  cpuProfileDir?: string,
): Promise<RunningServer> {
  const profiling = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const server = spawn(process.execPath, [...profiling, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Two minutes: on a machine shared with other builds a server on a large store starts slowly.
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok)
        return { baseUrl, pid: server.pid!, stop: () => server.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill('SIGTERM');
  throw new Error('the built server did not start; run npm run build first');
}
