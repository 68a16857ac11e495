import { DASHBOARD, type HomeTotals } from '@portal/domain';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { expectPath, launchBrowser, mainMenu, openPage, sessionToken, signIn } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { ARTIFACTS } from '../support/server.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const formatted = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

describe('dashboard (spec part 1 §2 Dashboard)', () => {
  it('[CELULA][VIEW DASHBOARD]: shows both counter groups with the totals of GET /api/home and their links', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'celula@demo.portal', DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    // Today in Portuguese words, whatever the browser's own locale.
    await page
      .getByText(
        /^((segunda|terça|quarta|quinta|sexta)-feira|sábado|domingo), \d{1,2} de (janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro) de \d{4}$/i,
      )
      .waitFor();
    const { body } = await apiCall(baseUrl, 'GET', 'home', (await sessionToken(page))!);
    const totals = body!.dados as HomeTotals;

    for (const group of DASHBOARD) {
      // The counters' group, not the status overview's section of the same form (no cards there).
      const section = page
        .getByRole('region', { name: group.title, exact: true })
        .filter({ has: page.getByRole('article') });
      await section.waitFor();
      for (const card of group.cards) {
        const article = section.getByRole('article', { name: card.label });
        await expect
          .poll(() => article.getByTestId(card.total).innerText())
          .toBe(formatted(totals[card.total]));
        const link = article.getByRole('link', { name: `Acessar ${card.label}` });
        expect(await link.getAttribute('href')).toBe(card.path);
      }
    }
    // 'Inserida Xerox/AME' counts and opens status 8 of its own list (the old screen linked 6).
    expect(
      await page
        .getByRole('link', { name: 'Acessar Inserida Xerox/AME' })
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['/troca-titularidade/8', '/cadastro-uc-nova/8']);

    await page.screenshot({
      path: path.join(ARTIFACTS, 'dashboard-celula.png'),
      fullPage: true,
      animations: 'disabled',
    });
    await page.context().close();
  });

  it('[CELULA][VIEW DASHBOARD]: below 1200 px the sidebar folds into a burger', async () => {
    const page = await openPage(browser, baseUrl, { width: 390, height: 844 });
    await signIn(page, 'celula@demo.portal', DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    await page
      .getByRole('region', { name: 'UC Nova', exact: true })
      .filter({ has: page.getByRole('article') })
      .waitFor();
    expect(await mainMenu(page).isVisible()).toBe(false);
    await page.screenshot({
      path: path.join(ARTIFACTS, 'dashboard-celula-mobile.png'),
      fullPage: true,
      animations: 'disabled',
    });

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect.poll(() => mainMenu(page).isVisible()).toBe(true);
    await page.screenshot({
      path: path.join(ARTIFACTS, 'dashboard-celula-mobile-menu.png'),
      animations: 'disabled',
    });
    await mainMenu(page).getByRole('link', { name: 'UC Nova', exact: true }).click();
    await expectPath(page, '/cadastro-uc-nova');
    await expect.poll(() => mainMenu(page).isVisible()).toBe(false);
    await page.context().close();
  });
});
