import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser, mainMenu } from './support/browser.ts';
import { pageAs, screenshot } from './support/ui.ts';

/** Spec part 1 §1: manuals and presentation decks in the menu, which ones by group. */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('manuals and presentation decks by group (spec part 1 §1)', () => {
  it('[CELULA][OPEN MANUAL]: reads the cell manual and walks the new-UC deck with the arrow keys', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await mainMenu(page).getByRole('link', { name: 'Manual da Célula' }).click();
    await expectPath(page, '/manuais/celula');
    await page.getByRole('heading', { name: 'Manual da Célula', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Analisar e decidir' }).waitFor();
    await screenshot(page, 'guides-manual-celula');

    await mainMenu(page).getByRole('link', { name: 'Apresentação Nova UC' }).click();
    await expectPath(page, '/apresentacoes/nova-uc');
    await page.getByText('Slide 1 de 5').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByText('Slide 2 de 5').waitFor();
    await page.getByRole('heading', { name: 'Uma nova UC, passo a passo' }).waitFor();
    await screenshot(page, 'guides-deck-nova-uc');
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByText('Slide 1 de 5').waitFor();
    await page.context().close();
  });

  it('[REGIONAL][OPEN MANUAL]: sees the regional guides, and the cell manual stays closed to it', async () => {
    const page = await pageAs(browser, baseUrl, 'regional@demo.portal');
    const menu = mainMenu(page);
    await menu.getByRole('link', { name: 'Manual da Regional' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Apresentação Regional' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Manual da Célula' }).count()).toBe(0);
    await page.goto('/manuais/celula');
    await page.getByRole('heading', { name: 'Você não tem permissão' }).waitFor();
    await page.context().close();
  });

  it('[SOLICITANTE][OPEN MANUAL]: the companies’ manual explains how to ask for a new unit', async () => {
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    await mainMenu(page).getByRole('link', { name: 'Manual das Empresas' }).click();
    await page.getByRole('heading', { name: 'Pedir uma nova unidade' }).waitFor();
    expect(await mainMenu(page).getByRole('link', { name: 'Apresentação Empresas' }).count()).toBe(1);
    await page.context().close();
  });
});
