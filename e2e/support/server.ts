import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS = path.join(root, 'e2e/artifacts');
const STARTUP_MS = 280_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sem porta')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const log = await readFile(logFile, 'utf8').catch(() => '');
  throw new Error(`O servidor não respondeu em ${baseUrl}/api/health. Fim do log:\n${log.slice(-4000)}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    signalGroup(child.pid!, 'SIGTERM');
  });
}

/** The server runs in its own process group (it may spawn builds); stop exactly that group. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Postal codes the ViaCEP stub knows; any other answers `{erro: true}`, as ViaCEP does. */
export const KNOWN_CEPS: Record<
  string,
  { logradouro: string; bairro: string; localidade: string; uf: string }
> = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
  '20031170': { logradouro: 'Avenida Rio Branco', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' },
};

/**
 * A local stand-in for ViaCEP (GET /{cep}/json/), so the postal-code lookup is tested without the
 * internet and with known answers (GUIDE §5: "Tests point them at a local stub").
 */
async function startCepStub(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createHttpServer((request, response) => {
    const match = /^\/(\d{8})\/json\/?$/.exec(request.url ?? '');
    if (request.method !== 'GET' || !match) {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad Request');
      return;
    }
    const address = KNOWN_CEPS[match[1]!];
    const body = address
      ? { cep: `${match[1]!.slice(0, 5)}-${match[1]!.slice(5)}`, complemento: '', ...address }
      : { erro: true };
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('stub de CEP sem porta');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Vitest globalSetup: one real server for the whole run, with a fresh embedded database. */
export default async function setup(project: TestProject) {
  await mkdir(ARTIFACTS, { recursive: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const cepStub = await startCepStub();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    PUBLIC_URL: baseUrl,
    CEP_BASE_URL: cepStub.url,
  };
  delete env.DATABASE_URL;

  // Groups of journeys run side by side (scripts/e2e.mjs), each with its own server and log.
  const logFile = path.join(ARTIFACTS, `server-${port}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (error) {
    await stop(child);
    await cepStub.close();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    await stop(child);
    await cepStub.close();
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
}
