import { formFieldLabel, REQUEST_FIELDS, requestForm, type Flow, type Kind } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUnitPayload } from '../support/requests.ts';
import { bearer, createTestApp, DEMO_NAMES, loginDemo, type TestApp } from '../support/test-app.ts';
import { insertRows } from '../hostile/support.ts';
import { formCall, is4xx, raw } from './support.ts';

/**
 * Hostile review of `{form}/linha-do-tempo` (issue 15 item 4): the timeline answers exactly what
 * the record answers — same guards, same scope, same visible fields — whoever asks and however.
 */
let t: TestApp;
let tok: Record<string, string> = {};
let id = 0;
const TL = formCall('energia', 'nova', 'linha-do-tempo');

const edit = async (who: string, body: Record<string, unknown>) => {
  const res = await call(t.app, tok[who]!, formCall('energia', 'nova', 'edit'), body);
  if (res.statusCode !== 200) throw new Error(`${who}: ${res.statusCode} ${res.body}`);
  return res.json().dados.version as number;
};

beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app);
  const created = await call(
    t.app,
    tok.solicitante!,
    formCall('energia', 'nova', 'add'),
    await newUnitPayload(t.app),
  );
  id = created.json().dados.id;
  let v = await edit('regional', { id, version: 1, status: 2, site_id: 'SPSIT77', observacao: 'ok' });
  v = await edit('celula', { id, version: v, status: 4, centro_custo: 'CCOCULTO1', tipo_de_pagamento: 1 });
  await edit('celula', { id, version: v, status: 4, centro_custo: 'CCOCULTO2', tipo_de_pagamento: 2 });
}, 120_000);
afterAll(() => t.close());

type Entry = { tipo: string; campo?: string; antes?: string | null; depois?: string | null };
const LABEL_TO_FIELD = new Map(
  REQUEST_FIELDS.map((f) => [formFieldLabel(requestForm('energia', 'nova'), f), f]),
);

describe('a field change is shown only to whoever the record shows the field to', () => {
  it.each(DEMO_NAMES)(
    '[%s] every field named in the timeline is a field of the same user’s record',
    async (who) => {
      const res = await call(t.app, tok[who]!, TL, { id_unidade: id });
      const record = await call(t.app, tok[who]!, formCall('energia', 'nova', 'list'), { id });
      expect(res.statusCode).toBe(record.statusCode);
      if (res.statusCode !== 200) return;
      const shown = record.json().dados as Record<string, unknown>;
      const leaked = (res.json().dados as Entry[])
        .filter((e) => e.tipo === 'campo')
        .filter((e) => !Object.hasOwn(shown, LABEL_TO_FIELD.get(e.campo!) ?? `?${e.campo}`))
        .map((e) => `${e.campo}: ${e.antes} → ${e.depois}`);
      expect(leaked).toEqual([]);
      if (!Object.hasOwn(shown, 'centro_custo')) expect(res.body).not.toContain('CCOCULTO');
    },
  );
});

describe('the timeline answers like the record for whatever cannot be read', () => {
  it('a withdrawn (deleted) request answers like one that never existed, for its author and the cell', async () => {
    const created = await call(
      t.app,
      tok.solicitante!,
      formCall('energia', 'nova', 'add'),
      await newUnitPayload(t.app),
    );
    const gone = created.json().dados.id as number;
    const del = await call(t.app, tok.solicitante!, '/api/novas-unidades/delete', { id: gone });
    expect(del.statusCode, del.body).toBe(200);
    for (const who of ['solicitante', 'celula', 'admin']) {
      const res = await call(t.app, tok[who]!, TL, { id_unidade: gone });
      const missing = await call(t.app, tok[who]!, TL, { id_unidade: 2_000_000_000 });
      expect([who, res.statusCode, res.json()]).toEqual([who, 404, missing.json()]);
    }
  });

  it("another regional's and another company's requests answer like missing ones, in every form", async () => {
    const forms: [Flow, Kind][] = [
      ['energia', 'nova'],
      ['energia', 'troca'],
      ['agua', 'nova'],
      ['agua', 'troca'],
    ];
    const foreign = await insertRows(
      t.app,
      forms.map(([fluxo, tipo]) => ({ fluxo, tipo, regional: 1, idEmpresa: null })),
    );
    // property's scope is 'all' (access/scope.ts): only the regional- and company-scoped roles.
    for (const who of ['regional', 'tower', 'solicitante']) {
      for (const [i, [flow, kind]] of forms.entries()) {
        const res = await call(t.app, tok[who]!, formCall(flow, kind, 'linha-do-tempo'), {
          id_unidade: foreign[i],
        });
        const rec = await call(t.app, tok[who]!, formCall(flow, kind, 'status'), { id_unidade: foreign[i] });
        expect([who, flow, kind, res.statusCode]).toEqual([who, flow, kind, rec.statusCode]);
        expect([who, flow, kind, res.statusCode === 200]).toEqual([who, flow, kind, false]);
      }
    }
  });

  it.each(DEMO_NAMES)(
    "[%s] a form the user's menu lacks is refused on its timeline as on its list",
    async (who) => {
      const forms: [Flow, Kind][] = [
        ['energia', 'nova'],
        ['energia', 'troca'],
        ['agua', 'nova'],
        ['agua', 'troca'],
      ];
      for (const [flow, kind] of forms) {
        const list = await call(t.app, tok[who]!, formCall(flow, kind, 'list'), {});
        if (list.statusCode === 200) continue;
        const res = await call(t.app, tok[who]!, formCall(flow, kind, 'linha-do-tempo'), { id_unidade: id });
        expect([flow, kind, res.statusCode, res.json()]).toEqual([flow, kind, list.statusCode, list.json()]);
      }
    },
  );
});

describe('whatever the body, a named 4xx — never a 500, never another record', () => {
  const bodies: [string, string?][] = [
    [''],
    ['null'],
    ['[]'],
    [`[{"id_unidade":1}]`],
    ['{"id_unidade":[1,2]}'],
    ['{"id_unidade":{"$gt":0}}'],
    ['{"id_unidade":"1 or 1=1"}'],
    ['{"id_unidade":9223372036854775808}'],
    ['{"id_unidade":2147483648}'],
    ['{"id_unidade":1e400}'],
    ['{"id_unidade":-9007199254740993}'],
    ['{"id_unidade":"\\u0000"}'],
    ['{"id_unidade":"\\ud800"}'],
    ['{"id_unidade":true}'],
    ['{"id":1}'],
    ['{"id_unidade":1}', 'text/plain'],
    ['id_unidade=1', 'application/x-www-form-urlencoded'],
    ['<id_unidade>1</id_unidade>', 'application/xml'],
    ['{"id_unidade":1', 'application/json'],
  ];
  it.each(bodies)('%s (%s)', async (payload, type) => {
    const res = await raw(t.app, tok.celula!, 'POST', TL, payload, type);
    expect([res.statusCode, is4xx(res.statusCode)]).toEqual([res.statusCode, true]);
    expect(res.json()).toMatchObject({ error: 1, msg: expect.any(String) });
    expect(res.body).not.toMatch(/SPSIT|stack|at .*\.ts/);
  });

  it('an id given as a numeric string reads the same record (the form posts strings)', async () => {
    const a = await call(t.app, tok.celula!, TL, { id_unidade: String(id) });
    const b = await call(t.app, tok.celula!, TL, { id_unidade: id });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
  });

  it('without a session, or with a forged one, 401 before the body is read', async () => {
    for (const auth of [undefined, 'Bearer abc', `Bearer ${tok.celula}0`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: TL,
        payload: '{"id_unidade":',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      });
      expect(res.statusCode).toBe(401);
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: TL,
      payload: { id_unidade: id },
      headers: bearer(tok.celula!),
    });
    expect(ok.statusCode).toBe(200);
  });
});
