import { requestForm } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import {
  approvedViaApi,
  createViaApi,
  freshUnit,
  moveViaApi,
  pageAs,
  requestFields,
  screenshot,
  statusOf,
  toast,
} from './support.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The list filtered by a text only these rows carry, as a search typed in its box would leave it. */
async function listOf(page: Page, q: string, rows: number) {
  await page.goto(`${form.listPath}?q=${q}`);
  await expect.poll(() => page.getByRole('row').filter({ hasText: q }).count()).toBe(rows);
}

const bulkBar = (page: Page) => page.getByRole('region', { name: 'Ações em lote' });

describe('act on many (issue 34 step 4)', () => {
  it('[AMEE][BULK] the provider confirms twenty units in the base at once: the whole filter, one confirmation, a result per row', async () => {
    const base = freshUnit('6').slice(0, 9);
    const ids: number[] = [];
    for (let i = 10; i < 30; i++) ids.push(await approvedViaApi(baseUrl, `${base}${i}`));

    const page = await pageAs(browser, baseUrl, 'amee@demo.portal');
    await listOf(page, base, 10);
    // The page's ten, then every row of the filter: twenty, over two pages.
    await page.getByRole('checkbox', { name: 'Selecionar as solicitações da página' }).check();
    await bulkBar(page).getByText('10 selecionadas').waitFor();
    await bulkBar(page).getByRole('button', { name: 'Selecionar todas deste filtro (20)' }).click();
    await bulkBar(page).getByText('Todas as 20 solicitações deste filtro selecionadas').waitFor();
    // Only the provider's moves are offered.
    expect(
      await bulkBar(page)
        .getByRole('button', { name: /^(Inserir na base|Recusar)$/ })
        .count(),
    ).toBe(2);
    expect(await bulkBar(page).getByRole('button', { name: 'Aprovar' }).count()).toBe(0);

    await bulkBar(page).getByRole('button', { name: 'Inserir na base' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inserir na base: 20 solicitações' });
    await dialog
      .getByText('Todas as 20 solicitações deste filtro vão para "Inserida na Base Xerox/AME".')
      .waitFor();
    await screenshot(page, 'lote-inserir-na-base');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();

    await toast(page, '20 solicitações movidas para "Inserida na Base Xerox/AME".').waitFor();
    await dialog.getByLabel('Resumo do lote').getByText('Movida: 20').waitFor();
    expect(await dialog.getByRole('row').filter({ hasText: 'Movida' }).count()).toBe(20);
    await screenshot(page, 'lote-resultado');
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();

    // The list is read again: the rows now show their new status.
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Inserida na Base Xerox/AME' }).count())
      .toBe(10);
    for (const id of ids) expect(await statusOf(baseUrl, form, id)).toBe(8);
  });

  it('[CELULA][BULK] the cell approves several at once; one still missing its tariff data stays, with the reason', async () => {
    const base = freshUnit('4').slice(0, 9);
    const tariff = {
      tipo_de_pagamento: 1,
      classe_tarifaria: 1,
      subclasse_tarifaria: 1,
      modalidade_tarifaria: 'bt',
      tensao_fornecimento: 3,
      mercado: 2,
      centro_custo: 'CC1020',
      conta_contabil: '4110203',
      data_ligacao: '2026-12-01',
    };
    const rows: { id: number; unidade: string }[] = [];
    for (let i = 10; i < 14; i++) {
      const unidade = `${base}${i}`;
      const { id } = await createViaApi(baseUrl, form, 'solicitante@demo.portal', requestFields(unidade));
      await moveViaApi(baseUrl, form, 'regional@demo.portal', id, {
        endereco_id: `TSPL${unidade.slice(-6)}`,
        status: 2,
      });
      // The cell fills each unit's data on its record; the last one it has not reached yet.
      if (i < 13) await moveViaApi(baseUrl, form, 'celula@demo.portal', id, tariff);
      rows.push({ id, unidade });
    }

    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await listOf(page, base, 4);
    await page.getByRole('checkbox', { name: 'Selecionar as solicitações da página' }).check();
    await bulkBar(page).getByText('4 selecionadas').waitFor();
    await bulkBar(page).getByRole('button', { name: 'Aprovar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Aprovar: 4 solicitações' });
    await dialog.getByLabel('Observação').fill('Aprovadas em lote após conferência.');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();

    await toast(
      page,
      '3 solicitações movidas para "Aprovada". 1 recusada. Veja o motivo em cada linha.',
    ).waitFor();
    const refused = dialog.getByRole('row').filter({ hasText: rows[3]!.unidade });
    await refused.getByText('O campo Tipo de Pagamento é obrigatório.').waitFor();
    await screenshot(page, 'lote-celula-aprova');
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();

    expect(await Promise.all(rows.map((r) => statusOf(baseUrl, form, r.id)))).toEqual([7, 7, 7, 2]);
  });
});
