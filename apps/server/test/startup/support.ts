import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the server's entry scripts (src/main.ts, src/cli/*.ts) with tsx, as `npm run dev`
 * and `npm run create-admin` do, in an environment holding only PATH and what the test sets.
 */
export function runScript(script: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<ScriptRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/${script}`, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A script that should have stopped and did not is a failure, not a hung suite.
  const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** What `npm start` reads for an in-process start (startServer), minus what each test sets. */
export const START_ENV = { HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', WEB_DIST: '' };
