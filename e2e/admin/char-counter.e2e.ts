import { FIELD_MAX } from '@portal/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { dialog, errorOf, field, openScreen, pageAs } from './support.ts';

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

describe('a maximum is counted, never cut (issue 15 item 7)', () => {
  it('[ADMIN][PASTE]: a pasted sigla past the maximum stays whole, the counter says so and the save is refused', async () => {
    await openScreen(page, '/regional', 'Regional');
    await page.getByRole('button', { name: 'Nova Regional' }).click();
    const modal = dialog(page, 'Gerenciar Regional');
    const sigla = field(modal, 'Regional');
    await expect.poll(() => modal.getByText(`0/${FIELD_MAX.regional} caracteres`).count()).toBe(1);

    // Inserted at once, as a paste is: a browser cuts such an insertion at a field's maxLength.
    const pasted = 'TSPCAPITAL1';
    await sigla.focus();
    await page.keyboard.insertText(pasted);
    expect(await sigla.inputValue()).toBe(pasted);
    await modal.getByText(`11/${FIELD_MAX.regional} caracteres (1 além do máximo)`).waitFor();

    await field(modal, 'Gestor').fill('Gestora Teste');
    await field(modal, 'E-mail do Gestor').fill('gestora.teste@demo.portal');
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    await expect
      .poll(() => errorOf(sigla))
      .toBe(`O campo Regional pode ter no máximo ${FIELD_MAX.regional} caracteres.`);
    // Still open, with everything the user typed.
    expect(await sigla.inputValue()).toBe(pasted);
  });
});
