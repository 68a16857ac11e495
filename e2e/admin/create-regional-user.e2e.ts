import { GROUP, menuFor, PROFILE, SELECT_ONE_REGIONAL, type SessionUser } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser, mainMenuEntries, openPage, signIn } from '../support/browser.ts';
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
const email = `regional.${unique()}@demo.portal`;
const TEMPORARY_PASSWORD = 'Temporaria@2026';
const OWN_PASSWORD = 'MinhaSenha@2026';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('user administration (spec part 2 §2.5, §5 user form)', () => {
  it('[ADMIN][CREATE USER]: creates a Regional user with one regional and a temporary password', async () => {
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
    await field(modal, 'Senha').fill(TEMPORARY_PASSWORD);

    // A Regional group needs at least one regional: the form says so before any call.
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    await modal.getByText(SELECT_ONE_REGIONAL).waitFor();

    await modal.getByLabel('TNE', { exact: true }).check();
    await screenshot(page, 'admin-usuarios-modal');
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/usuarios/add');
    await modal.getByRole('button', { name: 'Cadastrar' }).click();
    const saved = (await (await answer).json()) as {
      msg: string;
      dados: { regionais: number[]; id_grupo: number };
    };
    expect(saved.dados.id_grupo).toBe(GROUP.REGIONAL);
    expect(saved.dados.regionais).toHaveLength(1);
    await toast(page, 'Salvo com sucesso').waitFor();
    await modal.waitFor({ state: 'detached' });

    await search(page, email);
    await row(page, email).getByText('Ativo', { exact: true }).waitFor();
    await page.context().close();
  });

  it('[REGIONAL][FIRST SIGN IN]: the new user must change the password, then sees the regional menu', async () => {
    const page = await openPage(browser, baseUrl);
    const first: SessionUser = await signIn(page, email, TEMPORARY_PASSWORD);
    expect(first.trocar_senha).toBe(0);
    await expectPath(page, '/troca-senha');

    await field(page, 'Nova senha').fill(OWN_PASSWORD);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/change-password');
    await page.getByRole('button', { name: 'Trocar Senha' }).click();
    const { user } = (await (await answer).json()) as { user: SessionUser };
    await expectPath(page, '/dashboard');

    expect(user).toMatchObject({ grupo: GROUP.REGIONAL, papel: 'regional', perfil: PROFILE.CADASTRO_UC });
    expect(user.regionais).toHaveLength(1);
    const expected = [...menuFor(user).flatMap((s) => s.items.map((i) => i.label)), 'Sair'];
    expect((await mainMenuEntries(page)).map((e) => e.text)).toEqual(expected);
    // A regional administers nothing.
    expect(expected).not.toContain('Usuários');
    await page.context().close();
  });
});
