import { PASSWORDS_DIFFER } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { expectPath, launchBrowser, openPage, signIn, signOut } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/demo.ts';
import { waitForResetPath } from './support/outbox.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const EMAIL = 'consulta@demo.portal';
const RECOVERED = 'Recuperada@2026';
const RECOVER_MSG = 'Caso seu e-mail esteja cadastrado, você receberá um link para alteração de sua senha.';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // Other journeys sign in as this user with the demo password: give it back.
  const session = await apiLogin(baseUrl, EMAIL, RECOVERED);
  if (session)
    await apiCall(baseUrl, 'POST', 'change-password', session.token, {
      senha_atual: RECOVERED,
      password: DEMO_PASSWORD,
    });
});

async function setNewPassword(page: import('playwright-core').Page, password: string, repeat = password) {
  await page.getByLabel('Nova senha', { exact: true }).fill(password);
  await page.getByLabel('Repita a nova senha', { exact: true }).fill(repeat);
  await page.getByRole('button', { name: 'Alterar Senha' }).click();
}

describe('password recovery through the e-mailed link (spec part 2 §2.8)', () => {
  it('[CONSULTA][RECOVER PASSWORD]: follows the e-mailed link once, sets a new password and signs in with it', async () => {
    const page = await openPage(browser, baseUrl);
    const since = Date.now() - 1000;
    await page.goto('/recuperar-senha');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText(RECOVER_MSG).waitFor();

    const resetPath = await waitForResetPath(dataDir, EMAIL, since);
    await page.goto(resetPath);
    await setNewPassword(page, RECOVERED, 'Outra@Senha99');
    await page.getByText(PASSWORDS_DIFFER).waitFor();
    await expectPath(page, resetPath);

    await setNewPassword(page, RECOVERED);
    await page.getByText('Senha alterada com sucesso!').waitFor();
    await expectPath(page, '/login');

    await signIn(page, EMAIL, RECOVERED);
    await expectPath(page, '/dashboard');
    await signOut(page);
    expect(await apiLogin(baseUrl, EMAIL, DEMO_PASSWORD)).toBeNull();

    // The link is single use.
    await page.goto(resetPath);
    await setNewPassword(page, 'Terceira@Senha1');
    await page.getByRole('alert').filter({ hasText: 'Link inválido ou expirado' }).waitFor();
    await expectPath(page, resetPath);
    await page.context().close();
  });
});
