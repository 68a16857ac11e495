import { menuFor } from '@portal/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPath, launchBrowser, mainMenuEntries, openPage, signIn } from './support/browser.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './support/demo.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sidebar menu by group and profile (spec part 1 §6)', () => {
  const menus = new Map<string, string>();

  for (const { role, email, grupo, perfil } of DEMO_USERS) {
    it(`[${role}][SIGN IN]: sees exactly the menu entries of its group`, async () => {
      const page = await openPage(browser, baseUrl);
      const user = await signIn(page, email, DEMO_PASSWORD);
      await expectPath(page, '/dashboard');

      // The seed gave this user the group and profile the issue asks for.
      if (grupo !== undefined) expect(user.grupo).toBe(grupo);
      if (perfil !== undefined) expect(user.perfil).toBe(perfil);

      const expected = [
        ...menuFor(user).flatMap((section) => section.items.map((item) => item.label)),
        'Sair',
      ];
      const entries = await mainMenuEntries(page);
      expect(entries.map((e) => e.name)).toEqual(expected);
      expect(entries.map((e) => e.text)).toEqual(expected);

      const header = page.getByRole('banner');
      await expect.poll(() => header.innerText()).toContain(user.name);
      if (user.razao_social) expect(await header.innerText()).toContain(user.razao_social);

      menus.set(email, expected.join('|'));
      await page.context().close();
    });
  }

  it('[ALL ROLES][COMPARE]: groups do not all share one menu', () => {
    expect(menus.size).toBe(DEMO_USERS.length);
    expect(new Set(menus.values()).size).toBeGreaterThan(3);
  });
});
