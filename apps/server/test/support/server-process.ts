import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** A port nothing listens on: bound once, then released for the server to take. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** Exit code once the process ended. */
  exited: Promise<number | null>;
}

/**
 * Starts src/main.ts as `npm run dev` does (tsx), in an environment holding only PATH and `env`,
 * and resolves once `probe` (/api/health, or /api/ready for a server that must be able to serve)
 * answers 200.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  probe: '/api/health' | '/api/ready' = '/api/health',
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), WEB_DIST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (const end = Date.now() + 120_000; Date.now() < end; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`server exited at start: ${output}`);
    const up = await fetch(`${base}${probe}`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { child, base, output: () => output, exited };
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}
