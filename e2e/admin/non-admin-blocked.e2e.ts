import { canSee } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { expectPath, launchBrowser, mainMenu, sessionToken } from '../support/browser.ts';
import { pageAs, screenshot } from './support.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('administration screens follow the menu rules (spec part 1 §6)', () => {
  it('[SOLICITANTE][OPEN /usuarios]: typing the address does not open the screen nor read users', async () => {
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    const adminCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/usuarios')) adminCalls.push(r.url());
    });

    await page.goto('/usuarios');
    await page.getByRole('heading', { name: 'Você não tem permissão' }).waitFor();
    await expectPath(page, '/usuarios');
    expect(await page.getByRole('heading', { name: 'Gerenciamento de Usuários' }).count()).toBe(0);
    expect(await mainMenu(page).getByRole('link', { name: 'Usuários' }).count()).toBe(0);
    expect(adminCalls).toEqual([]);
    await screenshot(page, 'admin-sem-permissao');

    // The server refuses the same user on its own.
    const token = await sessionToken(page);
    const answer = await apiCall(baseUrl, 'POST', 'usuarios/list', token!, {});
    expect(answer.status).toBe(403);
    expect(answer.body?.msg).toBe('Você não tem permissão para esta ação.');
    await page.context().close();
  });

  it('[SOLICITANTE][OPEN every admin screen]: none of them opens', async () => {
    const page = await pageAs(browser, baseUrl, 'solicitante@demo.portal');
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('portal.user')))!);
    for (const key of ['usuarios', 'grupo', 'empresas', 'regional', 'status'] as const)
      expect(canSee(user, key)).toBe(false);
    for (const path of [
      '/grupo',
      '/regional',
      '/empresas',
      '/concessionarias',
      '/status/nova-unidade',
      '/status/regularizacao',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Você não tem permissão' }).waitFor();
    }
    await page.context().close();
  });
});
