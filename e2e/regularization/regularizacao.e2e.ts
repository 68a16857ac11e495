import { REG_STATUS, regularizationStatusLabel } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from '../support/api.ts';
import { expectPath, launchBrowser } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { attach, paddedPdf } from '../requests/support.ts';
import { choose, field, pageAs, pickToday, screenshot } from '../support/ui.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A divergence opened by the cell through the API on a unit of the seeded provider base. */
async function openDivergence(): Promise<{ id: number; unidade: string }> {
  const { token } = (await apiLogin(baseUrl, 'celula@demo.portal', DEMO_PASSWORD))!;
  for (let idCon = 1; idCon < 300; idCon++) {
    const added = await apiCall(baseUrl, 'POST', 'consolidacao/add', token, { id_con: idCon });
    if (added.status !== 200) continue;
    const id = (added.body!.dados as { id: number }).id;
    const record = await apiCall(baseUrl, 'POST', 'consolidacao/list', token, { id });
    return { id, unidade: (record.body!.dados as { unidade: string }).unidade };
  }
  throw new Error('no unit of the provider base is free for a new divergence');
}

async function statusOf(id: number): Promise<number> {
  const { token } = (await apiLogin(baseUrl, 'amee@demo.portal', DEMO_PASSWORD))!;
  return (
    (await apiCall(baseUrl, 'POST', 'consolidacao/list', token, { id })).body!.dados as { status: number }
  ).status;
}

async function openFromList(page: Page, unidade: string): Promise<void> {
  await page.goto('/consolidacao');
  await page.getByRole('heading', { name: 'Regularização CNPJ/Razão Social' }).waitFor();
  await field(page, 'Pesquisar').fill(unidade);
  await page.getByRole('link', { name: `Editar regularização da unidade ${unidade}` }).click();
  await page.getByRole('region', { name: 'Correção' }).waitFor();
}

async function saveAndReturn(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await page.getByText('Salvo com sucesso').first().waitFor();
  await expectPath(page, '/consolidacao');
}

describe('Regularização CNPJ/Razão Social (spec part 2 §2.2, §2.3, §4.4)', () => {
  it('[CELULA][APPROVE] → [AMEE][UPDATE BASE]: the cell approves with the correction and files, the provider closes it', async () => {
    const { id, unidade } = await openDivergence();

    const cell = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await openFromList(cell, unidade);
    await choose(cell, 'Status', regularizationStatusLabel(REG_STATUS.APROVADO_CELULA));
    // Choosing 3 asks for the correction: the same policy the server applies.
    await cell.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await cell.getByText('O campo Razão Social Correta é obrigatório.').first().waitFor();
    expect(await statusOf(id)).toBe(REG_STATUS.DIVERGENTE);

    await field(cell, 'Razão Social Correta').fill('Operadora Telecom Brasil S.A.');
    await field(cell, 'CNPJ Correto').fill('48392015000179');
    expect(await field(cell, 'CNPJ Correto').inputValue()).toBe('48.392.015/0001-79');
    // Dates are picked on the portal's own calendar and read dd/mm/aaaa, whatever the browser's language.
    await pickToday(cell, 'Data da Solicitação');
    await pickToday(cell, 'Previsão de Efetivação');
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(await field(cell, 'Data da Solicitação').innerText()).toBe(today);
    await attach(cell, 'Solicitação à Concessionária', paddedPdf('pedido.pdf', 2_000));
    await attach(cell, 'Resposta da Concessionária', paddedPdf('resposta.pdf', 2_000));
    await field(cell, 'Observação').fill('Concessionária confirmou a troca.');
    await screenshot(cell, 'regularizacao-celula-aprovando');
    await saveAndReturn(cell);
    expect(await statusOf(id)).toBe(REG_STATUS.APROVADO_CELULA);
    await cell.context().close();

    const provider = await pageAs(browser, baseUrl, 'amee@demo.portal');
    await openFromList(provider, unidade);
    // The provider reads the correction but may not change it.
    expect(await field(provider, 'Razão Social Correta').isDisabled()).toBe(true);
    await provider.getByRole('button', { name: 'Histórico Observação' }).waitFor();
    await choose(provider, 'Status', regularizationStatusLabel(REG_STATUS.ATUALIZADO_BASE));
    await saveAndReturn(provider);
    expect(await statusOf(id)).toBe(REG_STATUS.ATUALIZADO_BASE);
    await field(provider, 'Pesquisar').fill(unidade);
    await provider.getByText(regularizationStatusLabel(REG_STATUS.ATUALIZADO_BASE)).first().waitFor();
    await screenshot(provider, 'regularizacao-lista-provedor');
    await provider.context().close();
  });

  it('[TOWER][DENIED]: a group without the entry sees no access page and no data', async () => {
    const page = await pageAs(browser, baseUrl, 'tower@demo.portal');
    await page.goto('/consolidacao');
    await page.getByRole('heading', { name: 'Você não tem permissão' }).waitFor();
    await page.context().close();
  });
});
