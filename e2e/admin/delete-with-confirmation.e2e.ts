import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from '../support/api.ts';
import { launchBrowser } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';
import { openScreen, pageAs, row, screenshot, search, toast, unique } from './support.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('delete with confirmation (spec part 2 §5, §8)', () => {
  it('[ADMIN][DELETE]: asks for confirmation, Cancelar keeps the row, Sim, Apagar! removes it', async () => {
    // A regional nobody uses yet, so the server deletes it rather than refusing.
    const admin = await apiLogin(baseUrl, 'admin@demo.portal', DEMO_PASSWORD);
    const sigla = `E2E${unique().slice(-5).toUpperCase()}`;
    const created = await apiCall(baseUrl, 'POST', 'regional/add', admin!.token, {
      regional: sigla,
      gestor: 'Gestor Temporário',
      email_gestor: 'gestor.temporario@demo.portal',
    });
    expect(created.status).toBe(200);

    const page = await pageAs(browser, baseUrl, 'admin@demo.portal');
    await openScreen(page, '/regional', 'Gerenciamento de Regional');
    await search(page, sigla);
    const target = row(page, sigla);
    await target.waitFor();

    const confirm = page.getByRole('dialog', { name: 'Você tem certeza?' });
    await target.getByRole('button', { name: `Apagar ${sigla}` }).click();
    await confirm.getByText('Isso não poderá ser desfeito').waitFor();
    await screenshot(page, 'admin-apagar-confirmacao');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await target.count()).toBe(1);

    await target.getByRole('button', { name: `Apagar ${sigla}` }).click();
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/regional/delete');
    await confirm.getByRole('button', { name: 'Sim, Apagar!' }).click();
    expect(await (await answer).json()).toMatchObject({
      error: 0,
      msg: 'Apagado com sucesso!',
      desativado: false,
    });
    await toast(page, 'Apagado com sucesso!').waitFor();
    await target.waitFor({ state: 'detached' });
    await page.getByText('Nenhum resultado encontrado!').waitFor();
    await page.context().close();
  });
});
