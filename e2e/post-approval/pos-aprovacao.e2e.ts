import { requestForm } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approvedViaApi, freshUnit, moveViaApi } from '../requests/support.ts';
import { launchBrowser, mainMenu } from '../support/browser.ts';
import { choose, field, pageAs, pickToday, screenshot, toast } from '../support/ui.ts';

const baseUrl = inject('baseUrl');
const form = requestForm('energia', 'nova');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a list from the 'Conciliação da Base' menu group and the unit's row action. */
async function openFromList(page: Page, menuEntry: string, heading: string, unidade: string, action: string) {
  await mainMenu(page).getByRole('link', { name: menuEntry, exact: true }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
  await field(page, 'Pesquisar').fill(unidade);
  const row = page.getByRole('row').filter({ hasText: unidade });
  await row.getByText('0 dias').waitFor();
  await row.getByRole('link', { name: `${action} ${unidade}` }).click();
}

describe('Depois da aprovação (issue 14)', () => {
  it('[AMEE][VALIDATE] a unit inserted in the base goes through pre-validation, final validation and follow-up to Ativa; the administrator finds each step in /logs', async () => {
    const unidade = freshUnit('91');
    const id = await approvedViaApi(baseUrl, unidade);
    await moveViaApi(baseUrl, form, 'amee@demo.portal', id, { status: 8 });

    const page = await pageAs(browser, baseUrl, 'amee@demo.portal');
    await openFromList(page, 'Pré-Validação', 'Pré-Validação de UC', unidade, 'Validar');
    await page.getByRole('heading', { name: 'Pré-Validação da UC' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/validar-uc/${id}/1`);
    // The request's data, read-only behind the toggle.
    await page.getByLabel('Mostrar dados do solicitante e da solicitação').check();
    await page.getByText('Sofia Solicitante').waitFor();

    // 'Não Aprovado' asks for the observation before anything is sent.
    await field(page, 'Responsável').fill('Marina Souza');
    await field(page, 'Cargo').fill('Analista de Infraestrutura');
    await field(page, 'Tipologia').fill('Greenfield');
    await choose(page, 'Status', 'Não Aprovado');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Informe a observação: ela diz o que precisa ser corrigido.').waitFor();
    await choose(page, 'Status', 'Aprovado');
    // Approving needs no observation: the warning goes with the choice.
    await page
      .getByText('Informe a observação: ela diz o que precisa ser corrigido.')
      .waitFor({ state: 'hidden' });
    await screenshot(page, 'pre-validacao');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Salvo com sucesso').waitFor();
    await page.getByRole('heading', { name: 'Pré-Validação de UC' }).waitFor();

    await openFromList(page, 'Validação Final', 'Validação Final de UC', unidade, 'Validar');
    await page.getByRole('heading', { name: 'Validação Final da UC' }).waitFor();
    expect(await field(page, 'Tipo Pagamento').inputValue()).toBe('PM');
    await field(page, 'Responsável').fill('Marina Souza');
    await field(page, 'Cargo').fill('Analista Financeira');
    await page.getByText('Validações registradas').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Salvo com sucesso').waitFor();

    await openFromList(page, 'Acompanhamento', 'Acompanhamento de UC Nova', unidade, 'Acompanhar');
    await page.getByRole('heading', { name: 'Acompanhamento da UC' }).waitFor();
    await pickToday(page, 'Data de Emissão da 1ª Fatura');
    await choose(page, 'Status da UC no site', 'Ativa');
    await field(page, 'Observação').fill('Primeira fatura recebida pelo provedor.');
    await screenshot(page, 'acompanhamento');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Salvo com sucesso').waitFor();

    // The unit leaves the waiting list and appears among the active ones.
    await page.getByRole('heading', { name: 'Acompanhamento de UC Nova' }).waitFor();
    await page.locator('label', { hasText: /^Ativas$/ }).click();
    await field(page, 'Pesquisar').fill(unidade);
    await page.getByRole('row').filter({ hasText: unidade }).getByText('Ativa', { exact: true }).waitFor();
    await screenshot(page, 'acompanhamento-ativas');
    await page.context().close();

    // The administrator finds each step in Logs de Ações, with the stage's before → after.
    const admin = await pageAs(browser, baseUrl, 'admin@demo.portal');
    await admin.goto('/logs');
    await admin.getByRole('heading', { name: 'Logs de Ações', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Filtros' }).click();
    await choose(admin, 'Entidade', 'Solicitação: UC Nova (Energia)');
    for (const [action, before, after] of [
      ['Pré-validação', 'Aguardando Pré-Validação', 'Aguardando Validação Final'],
      ['Validação final', 'Aguardando Validação Final', 'Aguardando 1º Faturamento'],
      ['Acompanhamento', 'Aguardando 1º Faturamento', 'Ativa'],
    ] as const) {
      await choose(admin, 'Ação', action);
      const entry = admin.getByRole('row').filter({ hasText: `(ID ${id})` });
      await entry.getByText(action, { exact: true }).waitFor();
      await entry.getByText('Alberto Operador AME').waitFor();
      await entry.getByRole('button', { name: /^Detalhes do registro / }).click();
      const details = admin.getByRole('dialog', { name: 'Detalhes do registro' });
      const stage = details.getByRole('row').filter({ hasText: 'Etapa' });
      await stage.waitFor();
      const cells = await stage.getByRole('cell').allInnerTexts();
      expect([cells[1], cells[3]]).toEqual([before, after]);
      if (action === 'Acompanhamento') await screenshot(admin, 'logs-acompanhamento');
      await admin.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });
    }
    await admin.context().close();
  });

  it('[CELULA][MENU] the cell has no post-approval entries, and the addresses answer "Você não tem permissão"', async () => {
    const page = await pageAs(browser, baseUrl, 'celula@demo.portal');
    await mainMenu(page).getByRole('link').first().waitFor();
    expect(await mainMenu(page).getByRole('link', { name: 'Pré-Validação' }).count()).toBe(0);
    for (const path of ['/validacao-uc', '/validar-uc/1/1', '/acompanhar-uc/1']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Você não tem permissão' }).waitFor();
    }
    await page.context().close();
  });
});
