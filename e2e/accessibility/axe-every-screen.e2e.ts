import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mayCreate, menuFor, REQUEST_FORMS, type SessionUser } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, signIn } from '../support/browser.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo.ts';
import { ARTIFACTS } from '../support/server.ts';
import { axeViolations, settle, watchCalls, type Finding } from './axe.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every screen a user reaches: the menu's entries, the forms it may create on, and a lost path. */
function screensOf(user: SessionUser): string[] {
  const paths = menuFor(user).flatMap((section) => section.items.map((item) => item.path));
  const forms = Object.values(REQUEST_FORMS)
    .filter((form) => mayCreate(form, user.papel) && paths.includes(form.listPath))
    .map((form) => form.newPath);
  return [...new Set([...paths, ...forms, '/caminho-que-nao-existe'])];
}

/**
 * The screens that change with the role beyond their rows: the dashboard and the request forms
 * (fields, locks and buttons follow the policy). Each other screen is the same markup for every
 * role that opens it, so it is checked once, by the first role whose menu has it; every screen of
 * every menu is checked.
 */
const checkedFor = new Set<string>();
/** What each role's test claimed, handed back when the test is tried again. */
const claims = new Map<string, string[]>();
const variesByRole = (screen: string) =>
  screen === '/dashboard' || Object.values(REQUEST_FORMS).some((f) => f.newPath === screen);

/** Opens a path through the router, as a menu click does: no reload of the whole app per screen. */
async function navigate(page: Page, screen: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, screen);
  await page.waitForURL((url) => url.pathname === screen);
}

type Report = Record<string, Finding[]>;

async function check(page: Page, screen: string, report: Report): Promise<void> {
  await settle(page);
  const found = await axeViolations(page);
  if (found.length > 0) report[screen] = found;
}

/** "path: rule (impact) ×nodes" lines, so a failure names what to fix. */
const summary = (report: Report) =>
  Object.entries(report).flatMap(([screen, found]) =>
    found.map((f) => `${screen}: ${f.rule} (${f.impact}) ×${f.nodes.length} — ${f.nodes[0]?.target}`),
  );

async function save(name: string, report: Report): Promise<void> {
  await writeFile(path.join(ARTIFACTS, `axe-${name}.json`), JSON.stringify(report, null, 2));
}

describe('accessibility: no critical or serious axe-core violation on any screen (issue 15 item 8)', () => {
  it('[ANONYMOUS][SCREENS]: the sign-in and recovery screens', async () => {
    const page = await openPage(browser, baseUrl);
    const report: Report = {};
    for (const screen of ['/login', '/recuperar-senha']) {
      await page.goto(screen);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(page, screen, report);
    }
    await save('anonimo', report);
    await page.context().close();
    expect(summary(report)).toEqual([]);
  });

  for (const { role, email } of DEMO_USERS) {
    it(
      `[${role}][SCREENS]: every screen of its menu, its create forms and the not-found page`,
      { timeout: 300_000 },
      async () => {
        const page = await openPage(browser, baseUrl);
        page.setDefaultTimeout(15_000);
        watchCalls(page);
        const user = await signIn(page, email, DEMO_PASSWORD);
        await page.waitForURL((url) => url.pathname === '/dashboard');
        const report: Report = {};
        for (const screen of claims.get(role) ?? []) checkedFor.delete(screen);
        claims.set(role, []);
        for (const screen of screensOf(user)) {
          if (checkedFor.has(screen) && !variesByRole(screen)) continue;
          checkedFor.add(screen);
          claims.get(role)!.push(screen);
          await navigate(page, screen);
          await page.getByRole('main').waitFor();
          await check(page, screen, report);
        }
        await save(role.toLowerCase(), report);
        // The user menu on the avatar, open.
        await navigate(page, '/dashboard');
        await page.getByRole('button', { name: /^Menu do usuário/ }).click();
        await page.getByRole('menuitem', { name: 'Alterar senha' }).waitFor();
        await check(page, 'menu do usuário', report);
        await page.getByRole('menuitem', { name: 'Alterar senha' }).click();
        await page.getByRole('dialog', { name: 'Alterar senha' }).waitFor();
        await check(page, 'modal Alterar senha', report);
        await save(role.toLowerCase(), report);
        await page.context().close();
        expect(summary(report)).toEqual([]);
      },
    );
  }

  it('[ADMIN][MODAL]: a create modal of the administration', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'admin@demo.portal', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const report: Report = {};
    await page.goto('/usuarios');
    await page.getByRole('button', { name: 'Novo Usuário' }).click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'modal Novo Usuário', report);
    await save('admin-modal', report);
    await page.context().close();
    expect(summary(report)).toEqual([]);
  });
});
