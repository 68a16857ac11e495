import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSee, type MenuKey, type SessionUser } from '@portal/domain';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * [ROLE][ACCESS]: every administration endpoint, called by every demo user, answers 403 exactly
 * where the menu rule of its screen (canSee) hides the screen from that user — and never 403 otherwise.
 */

const ENDPOINTS: { method: 'GET' | 'POST'; url: string; menu: MenuKey }[] = [
  ...['list', 'add', 'edit', 'delete', 'enviar-redefinicao-senha'].map((a) => ({
    method: 'POST' as const,
    url: `/usuarios/${a}`,
    menu: 'usuarios' as const,
  })),
  { method: 'GET', url: '/usuarios/opcoes', menu: 'usuarios' },
  ...['list', 'add', 'edit', 'delete'].map((a) => ({
    method: 'POST' as const,
    url: `/grupos/${a}`,
    menu: 'grupo' as const,
  })),
  ...['list', 'add', 'edit', 'delete'].map((a) => ({
    method: 'POST' as const,
    url: `/regional/${a}`,
    menu: 'regional' as const,
  })),
  ...['list', 'add', 'edit', 'delete'].map((a) => ({
    method: 'POST' as const,
    url: `/empresas/${a}`,
    menu: 'empresas' as const,
  })),
  ...['list', 'add', 'edit', 'delete'].map((a) => ({
    method: 'POST' as const,
    url: `/agua/empresas/${a}`,
    menu: 'empresas' as const,
  })),
  ...['list', 'add', 'edit', 'delete'].map((a) => ({
    method: 'POST' as const,
    url: `/concessionarias/${a}`,
    menu: 'empresas' as const,
  })),
  ...['list', 'edit'].map((a) => ({
    method: 'POST' as const,
    url: `/status-rotulos/${a}`,
    menu: 'status' as const,
  })),
];

const DEMO_USERS = [
  'admin',
  'celula',
  'regional',
  'amee',
  'tower',
  'property',
  'solicitante',
  'consulta',
].map((name) => `${name}@demo.portal`);

let t: TestApp;
const sessions = new Map<string, { token: string; user: SessionUser }>();

beforeAll(async () => {
  t = await createTestApp();
  for (const email of DEMO_USERS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    sessions.set(email, res.json());
  }
});
afterAll(() => t.close());

describe('administration endpoints follow the menu rules', () => {
  it('the rules are not vacuous: exactly admin, célula and AMEE administer (the regional also the companies); Consulta never does', () => {
    for (const menu of ['usuarios', 'grupo', 'regional', 'empresas', 'status'] as const) {
      const allowed = DEMO_USERS.filter((e) => canSee(sessions.get(e)!.user, menu));
      const regional = menu === 'empresas' ? ['regional@demo.portal'] : [];
      expect(allowed, menu).toEqual([
        'admin@demo.portal',
        'celula@demo.portal',
        ...regional,
        'amee@demo.portal',
      ]);
    }
  });

  it.each(DEMO_USERS)('%s gets 403 exactly where canSee says no', async (email) => {
    const { token, user } = sessions.get(email)!;
    for (const { method, url, menu } of ENDPOINTS) {
      // An empty body: allowed callers get a list (200) or a validation error (400), never 403.
      const res = await t.app.inject({
        method,
        url: `/api${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'POST' && { payload: {} }),
      });
      if (canSee(user, menu)) {
        expect([200, 400], `${email} ${url}`).toContain(res.statusCode);
      } else {
        expect(res.statusCode, `${email} ${url}`).toBe(403);
        expect(res.json()).toEqual({ error: 1, msg: 'Você não tem permissão para esta ação.' });
      }
    }
  });

  it('without a session every endpoint answers 401', async () => {
    for (const { method, url } of ENDPOINTS) {
      const res = await t.app.inject({
        method,
        url: `/api${url}`,
        ...(method === 'POST' && { payload: {} }),
      });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('a group losing its flag loses the endpoints at the next call (flags are read per request)', async () => {
    const admin = { authorization: `Bearer ${sessions.get('admin@demo.portal')!.token}` };
    const regional = sessions.get('regional@demo.portal')!;
    const asRegional = { authorization: `Bearer ${regional.token}` };
    const group = (
      await t.app.inject({
        method: 'POST',
        url: '/api/grupos/list',
        headers: admin,
        payload: { id: regional.user.grupo },
      })
    ).json().dados;
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/grupos/edit',
      headers: admin,
      payload: { ...group, empresas: false },
    });
    expect(off.statusCode).toBe(200);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/empresas/list',
      headers: asRegional,
      payload: {},
    });
    expect(denied.statusCode).toBe(403);
    // The second save names the version the first one produced (a stale one would be refused).
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/grupos/edit',
      headers: admin,
      payload: { ...group, version: off.json().dados.version, empresas: true },
    });
    expect(on.statusCode).toBe(200);
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/empresas/list',
      headers: asRegional,
      payload: {},
    });
    expect(allowed.statusCode).toBe(200);
  });
});
