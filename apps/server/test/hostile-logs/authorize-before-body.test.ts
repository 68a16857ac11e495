import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE } from '@portal/domain';
import { usuarios } from '../../src/db/schema.ts';
import { call } from '../support/requests.ts';
import { login } from '../support/test-app.ts';
import { harness, NON_ADMINS, show, type Harness } from './support.ts';

/**
 * docs/decisions/access-and-administration.md, D-ACC-019 (issue 14): /logs is for profile 1 only, "enforced on both calls"; GUIDE §7:
 * authorize before reading a body. A user without the menu entry learns nothing from the payload:
 * every body, however broken, gets the same 403, and no validation message leaks through.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

const PAYLOADS: [string | undefined, string?][] = [
  [undefined],
  [''],
  ['{}'],
  ['null'],
  ['[]'],
  ['"x"'],
  ['{'],
  ['{"page":0,"per_page":7,"acao":"hackear","de":"2026-02-30"}'],
  ['{"__proto__":{"page":2}}'],
  ['{"constructor":{"prototype":{"x":1}}}'],
  [`{"entidade":"${'a'.repeat(5000)}"}`],
  ['{"id_usuario":1e400}'],
  ['{"page":1}', 'text/plain'],
  ['page=1', 'application/x-www-form-urlencoded'],
  ['<page>1</page>', 'application/xml'],
];

describe('every non-admin demo user is refused both calls, whatever the body', () => {
  it.each(NON_ADMINS)('[%s]: 403 on /logs/list and /logs/filtros for every payload', async (who) => {
    const broken: string[] = [];
    const plain = (await h.raw(who, 'list', '{}')).body;
    for (const path of ['list', 'filtros'] as const) {
      for (const [payload, type] of PAYLOADS) {
        const res = await h.raw(who, path, payload, type);
        const what = `${path} ${show(payload)} ${type ?? ''}`;
        if (res.statusCode !== 403) {
          broken.push(`${what}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          continue;
        }
        // The refusal is the same for every body: nothing about the payload's fields.
        if (res.body !== plain)
          broken.push(`${what}: the refusal differs with the body: ${res.body.slice(0, 120)}`);
        if (res.json().error !== 1) broken.push(`${what}: not the error envelope: ${res.body.slice(0, 120)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('without a session (or with a forged one) both calls are a 401, even with a broken body', async () => {
    const broken: string[] = [];
    for (const path of ['list', 'filtros'] as const) {
      for (const [payload, type] of PAYLOADS) {
        const res = await h.raw(null, path, payload, type);
        if (res.statusCode !== 401) broken.push(`anon ${path} ${show(payload)}: ${res.statusCode}`);
        const forged = await h.t.app.inject({
          method: 'POST',
          url: `/api/logs/${path}`,
          payload,
          headers: { authorization: 'Bearer abc.def.ghi', 'content-type': type ?? 'application/json' },
        });
        if (forged.statusCode !== 401) broken.push(`forged ${path} ${show(payload)}: ${forged.statusCode}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('an administrator demoted from profile 1 loses /logs at once, with the session already open', async () => {
    // A second administrator: the demo admin promotes the Célula user, who signs in, then is demoted.
    await h.t.app.db
      .update(usuarios)
      .set({ idPerfil: PROFILE.ADMINISTRADOR })
      .where(eq(usuarios.id, h.ids.celula!));
    const token = await login(h.t.app, 'celula@demo.portal');
    expect((await call(h.t.app, token, '/api/logs/list', {})).statusCode).toBe(200);
    expect((await call(h.t.app, token, '/api/logs/filtros', {})).statusCode).toBe(200);
    await h.t.app.db
      .update(usuarios)
      .set({ idPerfil: PROFILE.CADASTRO_UC })
      .where(eq(usuarios.id, h.ids.celula!));
    expect((await call(h.t.app, token, '/api/logs/list', { page: 0 })).statusCode).toBe(403);
    expect((await call(h.t.app, token, '/api/logs/filtros', {})).statusCode).toBe(403);
  });

  it('the administrator reaches both calls; a broken body is then a 4xx, never a 500', async () => {
    const broken: string[] = [];
    for (const path of ['list', 'filtros'] as const) {
      for (const [payload, type] of PAYLOADS) {
        const res = await h.raw('admin', path, payload, type);
        if (res.statusCode >= 500)
          broken.push(`${path} ${show(payload)} ${type ?? ''}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(broken).toEqual([]);
    expect((await h.list({})).statusCode).toBe(200);
    expect((await h.filtros({})).statusCode).toBe(200);
  });
});
