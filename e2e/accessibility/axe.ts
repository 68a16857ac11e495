import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending nodes, with axe's one-line summary of each. */
  nodes: { target: string; summary: string }[];
}

/** The bar: no critical and no serious violation on any screen. */
const BLOCKING = new Set(['critical', 'serious']);

/**
 * Runs axe-core inside the page (injected from node_modules, never downloaded) over the whole
 * document and answers its critical and serious violations.
 */
export async function axeViolations(page: Page): Promise<Finding[]> {
  // Evaluated through the DevTools protocol, not a <script> tag: the portal's CSP (script-src
  // 'self') stays in force while axe reads the page.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<AxeResult> } }).axe;
    interface AxeResult {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    }
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      })),
    }));
  });
  return violations.filter((v) => BLOCKING.has(v.impact));
}

/** Calls of each page still waiting for an answer (a client-side navigation has no load event). */
const inflight = new WeakMap<Page, Set<unknown>>();
function track(page: Page): Set<unknown> {
  let pending = inflight.get(page);
  if (!pending) {
    const set = new Set<unknown>();
    pending = set;
    inflight.set(page, set);
    // A stream (server-sent events) never ends: only calls that answer count.
    page.on('request', (r) => {
      if (r.resourceType() !== 'eventsource' && r.resourceType() !== 'websocket') set.add(r);
    });
    page.on('requestfinished', (r) => set.delete(r));
    page.on('requestfailed', (r) => set.delete(r));
  }
  return pending;
}

/** Starts counting the page's calls; call it before the first navigation that will be checked. */
export const watchCalls = (page: Page): void => void track(page);

/**
 * A screen is checked once it has settled: its calls answered for a moment, no loader left, and
 * the 200 ms page fade over (a half-faded text would read as low contrast).
 */
export async function settle(page: Page): Promise<void> {
  const pending = track(page);
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 400) break;
    await page.waitForTimeout(100);
  }
  await page
    .locator('.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}
