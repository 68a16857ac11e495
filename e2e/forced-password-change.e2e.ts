import { passwordProblem } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser, openPage, signIn, signOut } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/demo.ts';

const baseUrl = inject('baseUrl');
const NEW_PASSWORD = 'Primeiro@Acesso1';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('forced password change on first sign-in (trocar_senha = 0)', () => {
  it('[NOVO][CHANGE PASSWORD]: is held on /troca-senha until a new password is set, then signs in with it', async () => {
    const page = await openPage(browser, baseUrl);
    const user = await signIn(page, 'novo@demo.portal', DEMO_PASSWORD);
    expect(user.trocar_senha).toBe(0);
    await expectPath(page, '/troca-senha');
    await page.getByRole('heading', { name: 'Trocar Senha' }).waitFor();

    // No private page is reachable before the change.
    await page.goto('/dashboard');
    await expectPath(page, '/troca-senha');

    // The current password is asked again: an open session alone cannot take the account.
    await page.getByLabel('Senha atual', { exact: true }).fill(DEMO_PASSWORD);
    const field = page.getByLabel('Nova senha', { exact: true });
    await field.fill('curta');
    await page.getByRole('button', { name: 'Trocar Senha' }).click();
    await page.getByText(passwordProblem('curta')!).waitFor();
    await expectPath(page, '/troca-senha');

    await field.fill(NEW_PASSWORD);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/change-password');
    await page.getByRole('button', { name: 'Trocar Senha' }).click();
    const body = (await (await answer).json()) as { msg: string };
    await page.getByText(body.msg).waitFor();
    await expectPath(page, '/dashboard');
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();

    await signOut(page);
    const again = await signIn(page, 'novo@demo.portal', NEW_PASSWORD);
    expect(again.trocar_senha).not.toBe(0);
    await expectPath(page, '/dashboard');
    await page.goto('/troca-senha');
    await expectPath(page, '/dashboard');
    await page.context().close();
  });
});
