import { GROUP, menuFor, PROFILE, SELECT_ONE_REGIONAL, type SessionUser } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser, mainMenuEntries, openPage, signIn } from '../support/browser.ts';
import { waitForResetPath } from '../support/outbox.ts';
import {
  choose,
  dialog,
  field,
  openScreen,
  pageAs,
  row,
  screenshot,
  search,
  toast,
  unique,
} from './support.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const email = `regional.${unique()}@demo.portal`;
let invitedSince = 0;
const OWN_PASSWORD = 'MinhaSenha@2026';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('user administration (spec part 2 §2.5, §5 user form)', () => {
  it('[ADMIN][CREATE USER]: creates a Regional user with one regional; the user is e-mailed a link to create the password', async () => {
    const page = await pageAs(browser, baseUrl, 'admin@demo.portal');
    await openScreen(page, '/usuarios', 'Gerenciamento de Usuários');
    await screenshot(page, 'admin-usuarios');

    await page.getByRole('button', { name: 'Novo Usuário' }).click();
    const modal = dialog(page, 'Gerenciar Usuário');
    await field(modal, 'Nome').fill('Rita Regional E2E');
    await field(modal, 'E-mail').fill(email);
    await choose(modal, 'Empresa', 'Operadora Telecom Brasil S.A.');
    await choose(modal, 'Grupo de Acesso', `Regional (${GROUP.REGIONAL})`);
    await choose(modal, 'Perfil', 'Cadastro de UC');
    // An administrator never sets someone else's password (GUIDE §7).
    expect(await modal.getByLabel('Senha').count()).toBe(0);
    await modal.getByText('O usuário recebe um e-mail para criar a própria senha.').waitFor();

    // A Regional group needs at least one regional: the form says so before any call.
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    await modal.getByText(SELECT_ONE_REGIONAL).waitFor();

    await modal.getByLabel('TNE', { exact: true }).check();
    await screenshot(page, 'admin-usuarios-modal');
    invitedSince = Date.now() - 1000;
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/usuarios/add');
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    const saved = (await (await answer).json()) as {
      msg: string;
      dados: { regionais: number[]; id_grupo: number };
    };
    expect(saved.dados.id_grupo).toBe(GROUP.REGIONAL);
    expect(saved.dados.regionais).toHaveLength(1);
    expect(saved.msg).toBe('Salvo com sucesso. Enviamos ao usuário um e-mail para criar a senha.');
    await toast(page, 'Salvo com sucesso').waitFor();
    await modal.waitFor({ state: 'detached' });

    await search(page, email);
    await row(page, email).getByText('Ativo', { exact: true }).waitFor();
    await page.context().close();
  });

  it('[REGIONAL][FIRST SIGN IN]: the new user creates the password from the e-mail, then sees the regional menu', async () => {
    const page = await openPage(browser, baseUrl);
    await page.goto(await waitForResetPath(dataDir, email, invitedSince));
    await page.getByLabel('Nova senha', { exact: true }).fill(OWN_PASSWORD);
    await page.getByLabel('Repita a nova senha', { exact: true }).fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'Alterar Senha' }).click();
    await page.getByText('Senha alterada com sucesso!').waitFor();

    const user: SessionUser = await signIn(page, email, OWN_PASSWORD);
    await expectPath(page, '/dashboard');
    expect(user).toMatchObject({ grupo: GROUP.REGIONAL, papel: 'regional', perfil: PROFILE.CADASTRO_UC });
    expect(user.regionais).toHaveLength(1);
    const expected = [...menuFor(user).flatMap((s) => s.items.map((i) => i.label)), 'Sair'];
    expect((await mainMenuEntries(page)).map((e) => e.text)).toEqual(expected);
    // A regional administers no users.
    expect(expected).not.toContain('Usuários');
    await page.context().close();
  });
});
