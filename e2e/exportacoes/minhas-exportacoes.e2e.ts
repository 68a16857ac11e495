import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../accessibility/axe.ts';
import { launchBrowser, mainMenu } from '../support/browser.ts';
import { pageAs, screenshot } from '../support/ui.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The file's lines without the byte order mark, header first. */
const csvLines = async (path: string) =>
  (await readFile(path)).subarray(3).toString('utf8').trim().split('\r\n');

async function openMyExports(page: Page) {
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Minhas exportações' }).click();
  await page.getByRole('heading', { name: 'Minhas exportações' }).waitFor();
}

describe('Exportações em segundo plano (issue 16)', () => {
  it('[CELULA][EXPORT]: a report exported through the queue: progress, the file downloaded, kept in "Minhas exportações"', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await mainMenu(page).getByRole('link', { name: 'Relatório UC Nova', exact: true }).click();
    await page.getByRole('heading', { name: 'Relatório UC Nova' }).waitFor();
    const shown = await page.getByText(/^Mostrando 1 para \d+ de \d+ registros$/).innerText();
    const total = Number(/de (\d+) registros$/.exec(shown)![1]);

    // Each progress read answers a little late, so the panel is seen while the file is written.
    await page.route(/\/api\/exportacoes\/\d+$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menuitem', { name: 'CSV (separado por ;)' }).click();
    const panel = page.getByRole('status').filter({ hasText: 'Gerando arquivo…' });
    await panel.getByText(`0 de ${total} registros`).waitFor();
    await panel.getByRole('progressbar', { name: 'Progresso da exportação' }).waitFor({ state: 'attached' });
    await screenshot(page, 'exportacao-gerando');

    const file = await download;
    expect(file.suggestedFilename()).toBe('novas_unidades.csv');
    const lines = await csvLines((await file.path())!);
    expect(lines).toHaveLength(total + 1);
    expect(lines[0]!.startsWith('ID;Solicitante;')).toBe(true);
    const ready = page.getByRole('status').filter({ hasText: 'Arquivo pronto' });
    await ready.getByText(`novas_unidades.csv`, { exact: false }).waitFor();
    await ready.getByRole('button', { name: 'Baixar' }).waitFor();
    await ready.getByRole('button', { name: 'Fechar' }).click();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await openMyExports(page);
    const row = page.getByRole('row').filter({ hasText: 'Relatório UC Nova' }).first();
    await row.getByText('Pronta').waitFor();
    await row
      .getByText(`${total.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} registros`)
      .waitFor();
    await screenshot(page, 'minhas-exportacoes');
    expect(await axeViolations(page)).toEqual([]);

    const again = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Baixar novas_unidades\.csv/ }).click();
    expect(await csvLines((await (await again).path())!)).toEqual(lines);
    await page.context().close();
  });
});
