import { REQUEST_FORMS } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from '../support/api.ts';
import {
  expectPath,
  launchBrowser,
  openPage,
  pathOf,
  sessionToken,
  signIn,
  signOut,
} from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/demo.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const form = REQUEST_FORMS['energia.troca'];

describe("the session is the browser's, shared by its tabs (issue 15 item 7)", () => {
  it('[CELULA][NEW TAB]: a link opened in a new tab opens signed in, at the link', async () => {
    const first = await openPage(browser, baseUrl);
    await signIn(first, 'celula@demo.portal', DEMO_PASSWORD);
    await expectPath(first, '/dashboard');

    const tab = await first.context().newPage();
    await tab.goto(`${form.listPath}?q=Lote`);
    await tab.getByRole('heading', { name: form.title }).waitFor();
    expect(pathOf(tab)).toBe(form.listPath);
    expect(new URL(tab.url()).searchParams.get('q')).toBe('Lote');
    expect(await sessionToken(tab)).toBe(await sessionToken(first));

    // Signing out in one tab signs out the other, without a reload there.
    await signOut(first);
    await expectPath(tab, '/login');
    expect(await sessionToken(tab)).toBeNull();
    await first.context().close();
  });

  it('[CELULA][SIGN IN FROM A LINK]: signed out, a private link asks to sign in and then opens the link, not the dashboard', async () => {
    const page = await openPage(browser, baseUrl);
    await page.goto(`${form.listPath}?q=Lote`);
    await expectPath(page, '/login');
    await page.getByLabel('E-mail').fill('celula@demo.portal');
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectPath(page, form.listPath);
    expect(new URL(page.url()).searchParams.get('q')).toBe('Lote');
    await page.getByRole('heading', { name: form.title }).waitFor();
    await page.context().close();
  });
});

describe('"Alterar senha" on the avatar menu (issue 15 item 7, GUIDE §7)', () => {
  const email = 'property@demo.portal';
  const NEW_PASSWORD = 'Trocada#Teclado2026';

  it('[PROPERTY][CHANGE PASSWORD]: asks the current password, refuses a wrong one, ends the other sessions', async () => {
    const elsewhere = await apiLogin(baseUrl, email, DEMO_PASSWORD);
    expect(elsewhere).not.toBeNull();

    const page = await openPage(browser, baseUrl);
    await signIn(page, email, DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    // The menu's code arrives with the first click: it opens once it is there.
    await page.getByRole('menuitem', { name: 'Sair' }).waitFor();
    await page.getByRole('menuitem', { name: 'Alterar senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar senha' });

    // A wrong current password: the server refuses it, under the field.
    await dialog.getByLabel(/^Senha atual/).fill('nao-e-a-senha-1');
    await dialog.getByLabel(/^Nova senha/).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Alterar senha' }).click();
    await dialog.getByText('Senha atual incorreta.').waitFor();
    expect((await apiCall(baseUrl, 'GET', 'validate', elsewhere!.token)).status).toBe(200);

    await dialog.getByLabel(/^Senha atual/).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Troca efetuada com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // This tab stays signed in; the session opened elsewhere is over; the new password works.
    expect((await apiCall(baseUrl, 'GET', 'validate', (await sessionToken(page))!)).status).toBe(200);
    expect((await apiCall(baseUrl, 'GET', 'validate', elsewhere!.token)).status).toBe(401);
    expect(await apiLogin(baseUrl, email, DEMO_PASSWORD)).toBeNull();

    // Back to the demo password, for the other journeys.
    const restored = await apiCall(baseUrl, 'POST', 'change-password', (await sessionToken(page))!, {
      senha_atual: NEW_PASSWORD,
      password: DEMO_PASSWORD,
    });
    expect(restored.status).toBe(200);

    await page.getByRole('button', { name: /^Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expectPath(page, '/login');
    await page.context().close();
  });
});
