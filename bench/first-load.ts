// The JavaScript each route's first load downloads, gzip -9, in headless Chromium: every .js the page
// fetched until the network was idle, in a fresh browser context (empty cache) per route.
//
//   npm run build -w apps/web && npm run first-load -w bench   (--files: each file too)
//
// Starts the built app (`npm start`, PGlite in a temp dir, demo users) on a free port; with BASE_URL
// set it measures that server instead. Signed-in routes use the demo administrator.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';

/** Issue 12: any route's first load at most 200 KB, the sign-in page at most 120 KB. */
const ROUTES: { path: string; signedIn: boolean; budgetKb: number }[] = [
  { path: '/login', signedIn: false, budgetKb: 120 },
  { path: '/recuperar-senha', signedIn: false, budgetKb: 200 },
  { path: '/dashboard', signedIn: true, budgetKb: 200 },
  { path: '/cadastro-uc-nova', signedIn: true, budgetKb: 200 },
  { path: '/cadastro-uc-nova/nova', signedIn: true, budgetKb: 200 },
  { path: '/usuarios', signedIn: true, budgetKb: 200 },
  { path: '/consolidacao', signedIn: true, budgetKb: 200 },
  { path: '/manuais/celula', signedIn: true, budgetKb: 200 },
];
const ADMIN = 'admin@demo.portal';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-first-load-'));
  const baseUrl = `http://127.0.0.1:${await freePort()}`;
  const env = { ...process.env, PORT: new URL(baseUrl).port, DATA_DIR: dataDir, SEED_DEMO: '1' };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('o servidor não subiu');
    const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
    if (health?.ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop };
}

/** The stored session the app reads at start (app/session/store.ts), from one API sign-in. */
async function signInSession(baseUrl: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { token?: string; user?: unknown; msg?: string };
  if (!body.token) throw new Error(`login de ${ADMIN} falhou: ${response.status} ${body.msg}`);
  return { 'portal.token': body.token, 'portal.user': JSON.stringify(body.user) };
}

/** Every script the route's first load fetched, with its gzip -9 size in bytes. */
async function firstLoad(
  browser: Browser,
  url: string,
  session: Record<string, string> | null,
): Promise<{ file: string; gzip: number }[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  if (session)
    await context.addInitScript(
      (items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)),
      session,
    );
  const page = await context.newPage();
  const scripts: Promise<{ file: string; gzip: number }>[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith('.js')) return;
    scripts.push(
      response.body().then((body) => ({ file: pathname, gzip: gzipSync(body, { level: 9 }).length })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // A lazy page shows the shell's loader while its chunk arrives; the load ends once none is left.
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root'), null, {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname !== new URL(url).pathname)
    throw new Error(`${url} foi para ${page.url()}`);
  const files = await Promise.all(scripts);
  await context.close();
  return files.sort((a, b) => b.gzip - a.gzip);
}

/** KB of 1,000 bytes, as BENCHMARKS.md counts them. */
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const server = process.env.BASE_URL ? null : await startServer();
const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const session = await signInSession(baseUrl);
  const verbose = process.argv.includes('--files');
  console.log('| route | JavaScript, gzip -9 | files | budget |');
  console.log('|---|--:|--:|--:|');
  for (const route of ROUTES) {
    const files = await firstLoad(browser, baseUrl + route.path, route.signedIn ? session : null);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const verdict =
      total <= route.budgetKb * 1000 ? `≤ ${route.budgetKb} KB` : `**over ${route.budgetKb} KB**`;
    console.log(`| ${route.path} | ${kb(total)} KB | ${files.length} | ${verdict} |`);
    if (verbose) for (const f of files) console.log(`|   ${path.basename(f.file)} | ${kb(f.gzip)} KB | | |`);
  }
} finally {
  await browser.close();
  await server?.stop();
}
