import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP } from '@portal/domain';
import { usuarios } from '../../src/db/schema.ts';
import { finalValidation, harness, preValidation, type Harness } from './support.ts';

/**
 * GUIDE §7: the menu rule 'pos-aprovacao' (profile 1 or the provider group) is checked before
 * any body is read; profile 3 (Consulta) reads but never writes; nothing is written on a refusal.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

const PATHS = ['list', 'registro', 'validar', 'acompanhar'];
const OUTSIDERS = ['celula', 'regional', 'tower', 'property', 'solicitante'];

describe('only the menu rule reaches the calls, before the body is read', () => {
  it('no token: 401 on every call, whatever the body (even not JSON)', async () => {
    for (const path of PATHS) {
      for (const payload of ['{"id":1}', '{not json', '', 'null']) {
        const res = await h.raw(null, path, payload);
        expect(res.statusCode, `${path} ${payload}`).toBe(401);
      }
    }
  });

  it('roles outside the rule get 403 on every call even with malformed, huge-number or proto-poisoned bodies', async () => {
    const bodies = ['{not json', '{"__proto__":{"x":1}}', '{"id":1e400}', '[]', 'null', ''];
    for (const who of OUTSIDERS) {
      for (const path of PATHS) {
        for (const payload of bodies) {
          const res = await h.raw(who, path, payload);
          expect(res.statusCode, `${who} ${path} ${payload}`).toBe(403);
        }
        const text = await h.raw(who, path, 'id=1', 'text/plain');
        expect(text.statusCode, `${who} ${path} text/plain`).toBe(403);
      }
    }
  });

  it('a valid save from each outsider is 403 and writes nothing', async () => {
    const u = await h.unit();
    for (const who of OUTSIDERS) {
      const v = await h.validate(who, preValidation(u));
      expect(v.statusCode, who).toBe(403);
      const f = await h.followUp(who, { id: u.id, version: u.version, situacao: 1 });
      expect(f.statusCode, who).toBe(403);
    }
    expect(await h.effects(u.id)).toMatchObject({
      validacoes: 0,
      observacoes: 0,
      status: 0,
      audit: 0,
      version: u.version,
      posEtapa: 1,
    });
  });

  it('a Consulta user of the cell group (not the provider) lacks the menu: 403 even to read', async () => {
    const u = await h.unit();
    await h.t.app.db
      .update(usuarios)
      .set({ idGrupo: GROUP.CELULA })
      .where(eq(usuarios.email, 'consulta@demo.portal'));
    try {
      expect((await h.list('consulta', { lista: 'pre-validacao' })).statusCode).toBe(403);
      expect((await h.read('consulta', u.id)).statusCode).toBe(403);
    } finally {
      await h.t.app.db
        .update(usuarios)
        .set({ idGrupo: GROUP.AMEE })
        .where(eq(usuarios.email, 'consulta@demo.portal'));
    }
  });
});

describe('Consulta (profile 3) reads but never writes', () => {
  it('reads list and record', async () => {
    const u = await h.unit();
    expect((await h.list('consulta', { lista: 'pre-validacao' })).statusCode).toBe(200);
    expect((await h.read('consulta', u.id)).statusCode).toBe(200);
  });

  it('every write is 403 before the body is read (invalid JSON too), nothing written', async () => {
    const u1 = await h.atStage(1);
    const u2 = await h.atStage(2);
    const u3 = await h.atStage(3);
    const attempts = [
      h.validate('consulta', preValidation(u1)),
      h.validate('consulta', preValidation(u1, { status: 2, observacao: 'não' })),
      h.validate('consulta', finalValidation(u2)),
      h.followUp('consulta', {
        id: u3.id,
        version: u3.version,
        situacao: 2,
        data_primeira_fatura: '2026-01-01',
      }),
      h.raw('consulta', 'validar', '{broken'),
      h.raw('consulta', 'acompanhar', '{"__proto__":{}}'),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(403);
    expect(await h.effects(u1.id)).toMatchObject({
      validacoes: 0,
      observacoes: 0,
      audit: 0,
      version: u1.version,
      posEtapa: 1,
    });
    expect(await h.effects(u2.id)).toMatchObject({ validacoes: 1, version: u2.version, posEtapa: 2 });
    expect(await h.effects(u3.id)).toMatchObject({ validacoes: 2, version: u3.version, posEtapa: 3 });
  });
});

describe('the administrator (profile 1) works the screens', () => {
  it('admin validates and follows up like the provider', async () => {
    const u = await h.unit();
    const pre = await h.validate('admin', preValidation(u));
    expect(pre.statusCode, pre.body).toBe(200);
    const fin = await h.validate('admin', finalValidation({ id: u.id, version: pre.json().version }));
    expect(fin.statusCode, fin.body).toBe(200);
    const fu = await h.followUp('admin', {
      id: u.id,
      version: fin.json().version,
      situacao: 2,
      data_primeira_fatura: '2026-01-02',
    });
    expect(fu.statusCode, fu.body).toBe(200);
    expect(fu.json()).toMatchObject({ etapa: 4, status: 8 });
  });
});
