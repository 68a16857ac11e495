import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { dialog, field, openScreen, pageAs, row, screenshot, search, toast } from './support.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await pageAs(browser, baseUrl, 'admin@demo.portal');
});
afterAll(async () => {
  await browser?.close();
});

const counter = () => page.getByText(/^Mostrando \d+ para \d+ de \d+ registros$/);
const firstCell = () => page.locator('tbody tr').first().locator('td').first().innerText();

/** Waits for the list call a click on the table triggers. */
async function listAfter(action: () => Promise<void>) {
  const answered = page.waitForResponse((r) => r.url().endsWith('/list'));
  await action();
  return (await answered).request().postDataJSON() as Record<string, unknown>;
}

describe('administration screens (spec part 2 §2.5–§2.7)', () => {
  it('[ADMIN][BROWSE]: concessionaires page 5/10/25/50, sort by column and filter by flow', async () => {
    await openScreen(page, '/concessionarias', 'Concessionárias');
    expect(await counter().innerText()).toMatch(/^Mostrando 1 para 10 de \d+ registros$/);

    await page.getByRole('button', { name: '10', exact: true }).click();
    const sent = await listAfter(() => page.getByRole('menuitem', { name: '25' }).click());
    expect(sent).toMatchObject({ per_page: 25, page: 1 });
    await page.getByText(/^Mostrando 1 para 25 de/).waitFor();

    const before = await firstCell();
    const sorted = await listAfter(() => page.locator('th[data-accessor="nome"]').click());
    expect(sorted).toMatchObject({ sort: 'nome', order: 'desc' });
    await expect.poll(firstCell).not.toBe(before);

    await listAfter(async () => {
      await field(page, 'Fluxo').click();
      await page.getByRole('option', { name: 'Água', exact: true }).click();
    });
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain('Água');
    await page.getByRole('button', { name: 'Nova Concessionária' }).click();
    const modal = dialog(page, 'Gerenciar Concessionária');
    expect(await field(modal, 'Fluxo').inputValue()).toBe('Água');
    await screenshot(page, 'admin-concessionarias-modal');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await screenshot(page, 'admin-concessionarias');
  });

  it('[ADMIN][BROWSE]: access groups show role kind and permissions; the code is fixed when editing', async () => {
    await openScreen(page, '/grupo', 'Grupo de Acesso');
    await search(page, 'Regional');
    await row(page, '22890835').getByRole('button', { name: 'Editar Regional' }).click();
    const modal = dialog(page, 'Grupo de Acesso');
    expect(await field(modal, 'Código do Grupo').isDisabled()).toBe(true);
    expect(await field(modal, 'Papel').inputValue()).toBe('Regional');
    await screenshot(page, 'admin-grupo-modal');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await openScreen(page, '/grupo', 'Grupo de Acesso');
    await screenshot(page, 'admin-grupo');
  });

  it('[ADMIN][BROWSE]: regionals list their manager; the modal holds four focal points', async () => {
    await openScreen(page, '/regional', 'Gerenciamento de Regional');
    await screenshot(page, 'admin-regional');
    await page
      .getByRole('button', { name: /^Editar / })
      .first()
      .click();
    const modal = dialog(page, 'Gerenciar Regional');
    for (const n of [1, 2, 3, 4]) await field(modal, `E-mail do Focal ${n}`).waitFor();
    await field(modal, 'E-mail do Focal 1').fill('nao-e-email');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.getByText('O campo E-mail do Focal 1 é inválido.').waitFor();
    await screenshot(page, 'admin-regional-modal');
    await modal.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('[ADMIN][BROWSE]: companies switch between the energy and water lists', async () => {
    await openScreen(page, '/empresas', 'Empresas Habilitadas');
    const sent = await listAfter(() =>
      page.getByRole('radiogroup').getByText('Água', { exact: true }).click(),
    );
    expect(sent.page).toBe(1);
    await page
      .getByText(/^Mostrando \d+ para \d+ de \d+ registros$|^Nenhum resultado encontrado!$/)
      .first()
      .waitFor();
    await screenshot(page, 'admin-empresas-agua');
  });

  it('[ADMIN][EDIT LABEL]: a status label is renamed and read back; the code stays', async () => {
    await openScreen(page, '/status/regularizacao', 'Status Água');
    await screenshot(page, 'admin-status-agua');
    await listAfter(async () => {
      await field(page, 'Tipo').click();
      await page.getByRole('option', { name: 'Nova Matrícula', exact: true }).click();
    });
    const first = page.locator('tbody tr').first();
    const original = (await first.locator('td').nth(2).innerText()).trim();
    await first.getByRole('button', { name: `Editar ${original}` }).click();
    const modal = dialog(page, 'Editar Status');
    expect(await field(modal, 'Código').isEditable()).toBe(false);
    await field(modal, 'Rótulo').fill(`${original} (revisado)`);
    await screenshot(page, 'admin-status-modal');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Salvo com sucesso').waitFor();
    await row(page, `${original} (revisado)`).waitFor();

    // Put it back: other journeys read these labels.
    await row(page, `${original} (revisado)`)
      .getByRole('button', { name: /^Editar / })
      .click();
    await field(modal, 'Rótulo').fill(original);
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => first.locator('td').nth(2).innerText()).toBe(original);

    await openScreen(page, '/status/nova-unidade', 'Status Energia');
    await screenshot(page, 'admin-status-energia');
  });
});
