import { clientCnpjForUf, requestForm } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approvedViaApi, freshUnit, statusOf, tokenOf } from '../requests/support.ts';
import { apiCall } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { field, pageAs, screenshot, toast } from '../support/ui.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The provider's base export, sent as the import screen sends it, and applied by the server's queue. */
async function importBase(token: string, rows: string[]) {
  const body = new FormData();
  const csv = ['UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF', ...rows].join('\r\n');
  body.append('arquivo', new Blob([csv], { type: 'text/csv' }), 'base-provedor.csv');
  const answer = await fetch(`${baseUrl}/api/conciliacao/importar?fluxo=energia`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body,
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  const { id } = ((await answer.json()) as { dados: { id: number } }).dados;
  await expect
    .poll(
      async () => {
        const runs = await apiCall(baseUrl, 'POST', 'conciliacao/importacoes', token, { per_page: 50 });
        return (runs.body!.dados as { id: number; situacao: string }[]).find((r) => r.id === id)?.situacao;
      },
      { timeout: 30_000 },
    )
    .toBe('aplicada');
}

describe('Confirmação na Base (issue 11 item 5)', () => {
  it('[AMEE][CONFIRM] an approved request the imported base now holds is confirmed to 8; one it lacks stays as an exception with its age', async () => {
    const amee = await tokenOf(baseUrl, 'amee@demo.portal');
    const serving = (await apiCall(baseUrl, 'GET', 'concessionarias', amee)).body!.dados as {
      id: number;
      nome: string;
      ufs: string[];
    }[];
    const concessionaire = serving.find((c) => c.ufs.includes('SP'))!;
    const inBase = freshUnit('71');
    const missing = freshUnit('72');
    const confirmed = await approvedViaApi(baseUrl, inBase, concessionaire.id);
    const exception = await approvedViaApi(baseUrl, missing, concessionaire.id);
    await importBase(amee, [
      `${inBase};${concessionaire.nome};Operadora Telecom Brasil S.A.;${clientCnpjForUf('SP')};SP`,
    ]);

    const page = await pageAs(browser, baseUrl, 'amee@demo.portal');
    await page.getByRole('link', { name: 'Confirmação na Base', exact: true }).click();
    await page.getByRole('heading', { name: 'Confirmação na Base' }).waitFor();
    // The search applies after a pause in typing, and a new search clears the selection: the
    // row is picked once the searched list has come.
    const searched = page.waitForResponse(
      (r) => r.url().endsWith('/confirmacao-base/list') && r.request().postDataJSON()?.q === inBase,
    );
    await field(page, 'Pesquisar').fill(inBase);
    await searched;
    const row = page.getByRole('row').filter({ hasText: inBase });
    await row.getByText(concessionaire.nome).waitFor();
    expect(await page.getByRole('row').filter({ hasText: missing }).count()).toBe(0);
    await screenshot(page, 'confirmacao-base');

    // Bulk: the row is selected and the selection confirmed.
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Confirmar selecionadas (1)' }).click();
    await toast(page, '1 solicitação confirmada como "Inserida na Base Xerox/AME".').waitFor();
    await page.getByText('Nenhuma solicitação aprovada aparece na base ainda.').waitFor();
    expect(await statusOf(baseUrl, form, confirmed)).toBe(8);

    // The exception waits in its own tab, with how long it has waited.
    await page.getByRole('tab', { name: 'Exceções: ainda fora da base' }).click();
    await field(page, 'Pesquisar').fill(missing);
    const waiting = page.getByRole('row').filter({ hasText: missing });
    await waiting.getByText('0 dias').waitFor();
    expect(await waiting.getByRole('button', { name: /Confirmar/ }).count()).toBe(0);
    await screenshot(page, 'confirmacao-base-excecoes');
    expect(await statusOf(baseUrl, form, exception)).toBe(7);
    await page.context().close();
  });

  it('[CELULA][MENU] the cell has no such menu entry, and the address answers "Você não tem permissão"', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    expect(await page.getByRole('link', { name: 'Confirmação na Base', exact: true }).count()).toBe(0);
    await page.goto('/confirmacao-base');
    await page.getByRole('heading', { name: 'Você não tem permissão' }).waitFor();
    await page.context().close();
  });
});
