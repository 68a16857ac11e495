// What a route's first visit costs, in headless Chromium (issue 31):
//
// - the JavaScript it downloads, gzip -9: every .js fetched until the route's own content is on
//   screen and the network is idle, in a fresh browser context (empty cache) per route;
// - for /login, /dashboard and /cadastro-uc-nova, the time until that content is usable (the sign-in
//   button enabled, the first counter or list row shown) under a slow 4G line (CDP: 1.6 Mbps down,
//   750 kbps up, 150 ms round trip) and a 4x slower CPU, on a first visit (empty cache) and a second
//   one (same context: the hashed files come from the cache).
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
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-data.ts';
import { launchBrowser } from '../e2e/support/chromium.ts';

/**
 * Each route with the selector of its own content, which only its lazily loaded page renders (not the
 * shell, not a loader), and issue 31's budgets: the sign-in page 130 KB, any other route 230 KB.
 * `usable`: the routes whose time to usable is measured, against 3.0 s cold and 1.0 s warm.
 */
const ROUTES: { path: string; signedIn: boolean; budgetKb: number; content: string; usable?: true }[] = [
  {
    path: '/login',
    signedIn: false,
    budgetKb: 130,
    content: 'button[type=submit]:not([disabled])',
    usable: true,
  },
  { path: '/recuperar-senha', signedIn: false, budgetKb: 230, content: 'form button[type=submit]' },
  { path: '/dashboard', signedIn: true, budgetKb: 230, content: 'main [data-testid]', usable: true },
  { path: '/cadastro-uc-nova', signedIn: true, budgetKb: 230, content: 'main tbody tr', usable: true },
  { path: '/cadastro-uc-nova/nova', signedIn: true, budgetKb: 230, content: 'main form' },
  { path: '/usuarios', signedIn: true, budgetKb: 230, content: 'main tbody tr' },
  { path: '/consolidacao', signedIn: true, budgetKb: 230, content: 'main table' },
  { path: '/manuais/celula', signedIn: true, budgetKb: 230, content: 'main h2' },
];
const USABLE_GOAL_MS = { cold: 3000, warm: 1000 };
/** Lighthouse's "slow 4G": bytes per second and the round trip, in milliseconds. */
const SLOW_4G = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
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

async function newContext(browser: Browser, session: Record<string, string> | null) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
  if (session)
    await context.addInitScript(
      (items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v)),
      session,
    );
  return context;
}

/** Fails when the app left the route (a guard sent it elsewhere): its numbers would be another page's. */
function assertStayed(page: Page, url: string) {
  if (new URL(page.url()).pathname !== new URL(url).pathname)
    throw new Error(`${url} foi para ${page.url()}`);
}

/** Every script the route's first load fetched, with its gzip -9 size in bytes. */
async function firstLoad(
  browser: Browser,
  url: string,
  content: string,
  session: Record<string, string> | null,
): Promise<{ file: string; gzip: number }[]> {
  const context = await newContext(browser, session);
  try {
    const page = await context.newPage();
    const scripts: Promise<{ file: string; gzip: number }>[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!pathname.endsWith('.js')) return;
      scripts.push(
        response.body().then((body) => ({ file: pathname, gzip: gzipSync(body, { level: 9 }).length })),
      );
    });
    await page.goto(url);
    // The route's own content, rendered by its page once that page's chunk has arrived; then what
    // the page itself fetches on mount (a lazily loaded control's chunk) until the network is idle.
    await page.locator(content).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    assertStayed(page, url);
    // The bodies are read while the context is open: closing it discards them.
    return (await Promise.all(scripts)).sort((a, b) => b.gzip - a.gzip);
  } finally {
    await context.close();
  }
}

/**
 * Milliseconds from the start of the navigation until the route's content was in the document, as
 * the page itself (its check set in `usableTimes`, before any of the app's scripts) recorded it with
 * `performance.now()`, which counts from the navigation's start: polling from here adds nothing.
 */
async function timeToUsable(page: Page, url: string): Promise<number> {
  await page.goto(url);
  const recorded = await page.waitForFunction(
    () => (window as unknown as { __usableAt?: number }).__usableAt,
    null,
    { timeout: 60_000 },
  );
  assertStayed(page, url);
  return (await recorded.jsonValue()) as number;
}

/** The first visit (empty cache) and the second (same context), throttled as a person on slow 4G. */
async function usableTimes(
  browser: Browser,
  url: string,
  content: string,
  session: Record<string, string> | null,
): Promise<{ cold: number; warm: number }> {
  const context = await newContext(browser, session);
  try {
    // Records when `content` first appears, from the document's first moment. A string, not a
    // function: tsx wraps a function's inner functions in a helper the page does not have.
    await context.addInitScript(`
      new MutationObserver((_, observer) => {
        if (document.querySelector(${JSON.stringify(content)}) === null) return;
        window.__usableAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    `);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const cold = await timeToUsable(page, url);
    await page.waitForLoadState('networkidle');
    const warm = await timeToUsable(page, url);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/** KB of 1,000 bytes, as BENCHMARKS.md counts them. */
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const seconds = (ms: number) => (ms / 1000).toFixed(2).replace('.', ',');

const server = process.env.BASE_URL ? null : await startServer();
const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
try {
  const browser = await launchBrowser();
  try {
    const session = await signInSession(baseUrl);
    const verbose = process.argv.includes('--files');
    console.log('| route | JavaScript, gzip -9 | files | budget |');
    console.log('|---|--:|--:|--:|');
    for (const route of ROUTES) {
      const files = await firstLoad(
        browser,
        baseUrl + route.path,
        route.content,
        route.signedIn ? session : null,
      );
      const total = files.reduce((sum, f) => sum + f.gzip, 0);
      const verdict =
        total <= route.budgetKb * 1000 ? `≤ ${route.budgetKb} KB` : `**over ${route.budgetKb} KB**`;
      console.log(`| ${route.path} | ${kb(total)} KB | ${files.length} | ${verdict} |`);
      if (verbose)
        for (const f of files) console.log(`|   ${path.basename(f.file)} | ${kb(f.gzip)} KB | | |`);
    }
    console.log(`\nUsable, slow 4G and CPU ${CPU_SLOWDOWN}x (goal: first visit ≤ 3,0 s, second ≤ 1,0 s):\n`);
    console.log('| route | first visit | second visit |');
    console.log('|---|--:|--:|');
    for (const route of ROUTES.filter((r) => r.usable)) {
      const { cold, warm } = await usableTimes(
        browser,
        baseUrl + route.path,
        route.content,
        route.signedIn ? session : null,
      );
      const mark = (ms: number, goal: number) => `${seconds(ms)} s${ms > goal ? ' **over**' : ''}`;
      console.log(
        `| ${route.path} | ${mark(cold, USABLE_GOAL_MS.cold)} | ${mark(warm, USABLE_GOAL_MS.warm)} |`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  await server?.stop();
}
