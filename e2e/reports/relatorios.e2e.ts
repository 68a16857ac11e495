import { readFile } from 'node:fs/promises';
import { requestForm } from '@portal/domain';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, mainMenu } from '../support/browser.ts';
import { createViaApi, freshUnit, pageAs, requestFields, screenshot } from '../requests/support.ts';
import { field, pickToday, todayAsShown } from '../support/ui.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
let browser: Browser;
/** Two requests of this journey: one in the regional's TSP, one in TRJ. */
const ids = { tsp: `RT${Date.now().toString().slice(-8)}`, trj: `RJ${Date.now().toString().slice(-8)}` };

beforeAll(async () => {
  browser = await launchBrowser();
  await createViaApi(
    baseUrl,
    form,
    'solicitante@demo.portal',
    requestFields(freshUnit('6'), { endereco_id: ids.tsp }),
  );
  await createViaApi(
    baseUrl,
    form,
    'solicitante@demo.portal',
    requestFields(freshUnit('6'), {
      endereco_id: ids.trj,
      regional: 5,
      uf: 'RJ',
      municipio: 'Rio de Janeiro',
    }),
  );
});
afterAll(async () => {
  await browser?.close();
});

async function openReport(page: Page, item: string, title: string) {
  await mainMenu(page).getByRole('link', { name: item, exact: true }).click();
  await page.getByRole('heading', { name: title }).waitFor();
}

async function search(page: Page, text: string) {
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/relatorio') && r.request().postDataJSON()?.q === text,
  );
  await field(page, 'Pesquisar').fill(text);
  await answer;
}

/**
 * Exports through the queue (issue 16): the server writes the file in the background, the panel
 * downloads it once ready, and is closed.
 */
async function exportAs(page: Page, format: 'Excel (.xlsx)' | 'CSV (separado por ;)') {
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menuitem', { name: format }).click();
  const file = await download;
  const panel = page.getByRole('status').filter({ hasText: 'Arquivo pronto' });
  await panel.getByRole('button', { name: 'Fechar' }).click();
  return file;
}

describe('Relatórios (issue 13, spec part 2 §2.10)', () => {
  it('[REGIONAL][REPORT]: reads its own regional only, filters by period and search, exports xlsx and csv', async () => {
    const page = await pageAs(browser, baseUrl, 'regional@demo.portal');
    await openReport(page, 'Relatório UC Nova', 'Relatório UC Nova');
    await page.getByText(/^Mostrando 1 para \d+ de \d+ registros$/).waitFor();

    await search(page, ids.trj);
    await page.getByText('Nenhum resultado encontrado!').waitFor();
    await search(page, ids.tsp);
    await page.getByRole('cell', { name: ids.tsp }).waitFor();
    await expect.poll(() => page.getByRole('cell', { name: 'TSP - São Paulo' }).count()).toBe(1);

    await pickToday(page, 'De');
    await pickToday(page, 'Até');
    await expect.poll(() => field(page, 'De').innerText()).toBe(todayAsShown());
    await page.getByText('Mostrando 1 para 1 de 1 registros').waitFor();
    await screenshot(page, 'relatorio-novas-unidades-regional');

    const xlsx = await exportAs(page, 'Excel (.xlsx)');
    expect(xlsx.suggestedFilename()).toBe('novas_unidades.xlsx');
    const bytes = await readFile((await xlsx.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    const csv = await exportAs(page, 'CSV (separado por ;)');
    expect(csv.suggestedFilename()).toBe('novas_unidades.csv');
    // UTF-8 with a byte order mark, so Brazilian Excel reads the accents.
    const text = await readFile((await csv.path())!);
    expect([...text.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(2); // the header and the one row of the filter
    expect(lines[0]!.startsWith('ID;Solicitante;')).toBe(true);
    expect(lines[1]).toContain(ids.tsp);
    await page.context().close();
  });

  it('[CELULA][EXPORT]: shows the progress while the file is written; "Fechar" leaves it to the server', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await openReport(
      page,
      'Relatório Regularização CNPJ/Razão Social',
      'Relatório Regularização CNPJ/Razão Social',
    );
    await page.getByText(/^Mostrando 1 para \d+ de \d+ registros$/).waitFor();

    // The progress reads are held, as while a large file is written.
    let held: Route | undefined;
    await page.route(/\/api\/exportacoes\/\d+$/, (route) => {
      held = route;
    });
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByRole('button', { name: 'Exportar' }).click();
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    const progress = page.getByRole('status').filter({ hasText: 'Gerando arquivo…' });
    await progress.waitFor();
    await progress.getByText(/^0 de \d+ registros$/).waitFor();
    await progress
      .getByRole('progressbar', { name: 'Progresso da exportação' })
      .waitFor({ state: 'attached' });
    await screenshot(page, 'relatorio-exportando');
    // The panel reads the progress (held here) before the user closes it.
    await expect.poll(() => held).toBeDefined();
    await progress.getByRole('button', { name: 'Fechar' }).click();
    await progress.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Exportar' }).waitFor();
    expect(downloaded).toBe(false);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  });
});
