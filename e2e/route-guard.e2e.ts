import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser, mainMenu, openPage, signIn } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/demo.ts';
import { ARTIFACTS } from './support/server.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('route guard and sign-in (spec part 1 §2 Shell, part 2 §2.1)', () => {
  it('[ANONYMOUS][OPEN]: the root and private pages lead to the login screen', async () => {
    const page = await openPage(browser, baseUrl);
    await page.goto('/');
    await expectPath(page, '/login');
    await page.goto('/dashboard');
    await expectPath(page, '/login');
    await page.goto('/usuarios');
    await expectPath(page, '/login');
    await page.goto('/troca-senha');
    await expectPath(page, '/login');
    await page.context().close();
  });

  it('[ANONYMOUS][SIGN IN]: a wrong password shows the server message and stays on /login', async () => {
    const page = await openPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('celula@demo.portal');
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    // Hold the answer a moment to see the button while the form is being sent.
    await page.route('**/api/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Entrar' }).click();
    const waiting = page.getByRole('button', { name: 'Aguarde...' });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'Usuário ou senha inválida!' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.token'))).toBeNull();
    await expectPath(page, '/login');
    await page.screenshot({ path: path.join(ARTIFACTS, 'login-error.png'), animations: 'disabled' });
    await page.context().close();
  });

  it('[CELULA][NAVIGATE]: public screens send a signed-in user to the dashboard; unknown paths show the not-found page', async () => {
    const page = await openPage(browser, baseUrl);
    await signIn(page, 'celula@demo.portal', DEMO_PASSWORD);
    await expectPath(page, '/dashboard');

    for (const path of ['/login', '/recuperar-senha', '/recuperar-senha/qualquer', '/troca-senha', '/']) {
      await page.goto(path);
      await expectPath(page, '/dashboard');
    }

    await page.goto('/nao-existe');
    await page.getByRole('heading', { name: 'Em desenvolvimento!' }).waitFor();
    await page.getByText('Não encontramos o que você procurava!').waitFor();
    await mainMenu(page).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'not-found.png'), animations: 'disabled' });
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await expectPath(page, '/dashboard');
    await page.context().close();
  });

  it('[CELULA][RELOAD]: reloading while the session is being checked keeps the user signed in', async () => {
    const page = await openPage(browser, baseUrl);
    // Hold every validation long enough for the reload to cut it short.
    await page.route('**/api/validate', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => null);
    });
    // Listen before signing in: the first validation may start before the dashboard settles.
    const validating = page.waitForRequest('**/api/validate');
    await signIn(page, 'celula@demo.portal', DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    await validating;
    await page.reload();
    await mainMenu(page).waitFor();
    await page.waitForResponse('**/api/validate');
    await expectPath(page, '/dashboard');
    expect(await mainMenu(page).isVisible()).toBe(true);
    await page.context().close();
  });
});
