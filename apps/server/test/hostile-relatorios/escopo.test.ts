import { eq, inArray } from 'drizzle-orm';
import { fieldLabel } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anexos, grupos, historicoObservacoes, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';
import { csvObjects } from '../support/csv.ts';
import { readXlsx } from './support.ts';

/** Hostile: who reads which rows and which columns through the reports and the list exports. */
let t: TestApp;
const tokens: Record<string, string> = {};
const mine: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'celula', 'amee', 'regional', 'tower', 'solicitante', 'property', 'consulta'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  for (let i = 0; i < 3; i++) {
    const res = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app, { endereco_id: `HOSTSC${i}`, observacao: `obs ${i}` }),
    );
    expect(res.statusCode, res.body).toBe(200);
    mine.push(res.json().dados.id);
  }
}, 60_000);
afterAll(() => t.close());

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
const post = (who: string, url: string, body: unknown) => call(t.app, tokens[who]!, url, body);

describe('hostile: the list export shows only what the record shows to that user', () => {
  it('a requester exporting its own list does not receive the cell-only fields and files', async () => {
    const id = mine[0]!;
    await t.app.db
      .update(solicitacoes)
      .set({ protocolo: 'PROTO-SECRETO', tipoDeLoja: 1, tipoDePagamento: 1, dataAtivacao: '2026-05-05' })
      .where(eq(solicitacoes.id, id));
    const [u] = await t.app.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, 'celula@demo.portal'));
    await t.app.db.insert(anexos).values({
      idSolicitacao: id,
      tipo: 'complementar',
      nomeArquivo: 'so-da-celula.pdf',
      storageKey: '00000000-0000-4000-8000-00000000abcd',
      tamanho: 10,
      mime: 'application/pdf',
      idUsuario: u!.id,
    });
    const record = (await post('solicitante', '/api/novas-unidades/list', { id })).json().dados;
    // The record hides them from the requester...
    expect(record.protocolo).toBeUndefined();
    expect(record.tipo_de_loja).toBeUndefined();
    expect(JSON.stringify(record)).not.toContain('so-da-celula');
    // ...so the export of the same list must not hand them out either.
    const res = await get('solicitante', '/api/novas-unidades/list/exportar?q=HOSTSC0&formato=csv');
    expect(res.statusCode, res.body).toBe(200);
    const [row] = csvObjects(res.rawPayload.toString('utf8'));
    expect(row, 'one exported row').toBeDefined();
    expect(row![fieldLabel('protocolo')] ?? '').toBe('');
    expect(row![fieldLabel('tipo_de_loja')] ?? '').toBe('');
    expect(row![fieldLabel('tipo_de_pagamento')] ?? '').toBe('');
    expect(row![fieldLabel('data_ativacao')] ?? '').toBe('');
    expect(row![fieldLabel('complementar')] ?? '').toBe('');
  });

  it('the tower exporting its list does not receive the cell-only fields either (xlsx)', async () => {
    const [tower] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'tower@demo.portal'));
    await t.app.db
      .update(solicitacoes)
      .set({ idEmpresa: tower!.idEmpresa })
      .where(eq(solicitacoes.id, mine[1]!));
    await t.app.db
      .update(solicitacoes)
      .set({ protocolo: 'PROTO-TORRE' })
      .where(eq(solicitacoes.id, mine[1]!));
    const record = (await post('tower', '/api/novas-unidades/list', { id: mine[1] })).json().dados;
    expect(record.protocolo).toBeUndefined();
    const res = await get('tower', '/api/novas-unidades/list/exportar?q=HOSTSC1');
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await readXlsx(res.rawPayload);
    expect(rows).toHaveLength(1);
    expect(rows[0]![fieldLabel('protocolo')] ?? null).toBeNull();
  });
});

describe('hostile: who may call the reports', () => {
  const REPORTS = [
    'novas-unidades/relatorio',
    'unidades/relatorio',
    'consolidacao/relatorio',
    'agua/novas-unidades/relatorio',
    'agua/unidades/relatorio',
    'agua/consolidacao/relatorio',
  ];
  it('no token, a garbage token: 401 on every report call and export', async () => {
    for (const path of REPORTS) {
      const a = await t.app.inject({ method: 'POST', url: `/api/${path}`, payload: {} });
      expect(a.statusCode, path).toBe(401);
      const b = await t.app.inject({
        method: 'GET',
        url: `/api/${path}/exportar`,
        headers: { authorization: 'Bearer x' },
      });
      expect(b.statusCode, path).toBe(401);
    }
  });

  it('solicitante, tower, property: 403 on all six reports, page and export, csv too', async () => {
    for (const who of ['solicitante', 'tower', 'property'])
      for (const path of REPORTS) {
        expect((await post(who, `/api/${path}`, {})).statusCode, `${who} ${path}`).toBe(403);
        expect((await get(who, `/api/${path}/exportar?formato=csv`)).statusCode, `${who} ${path}`).toBe(403);
      }
  });

  it('the consulta profile reads the reports (read-only) and gets the same totals as the cell', async () => {
    for (const path of REPORTS) {
      const c = await post('consulta', `/api/${path}`, {});
      expect(c.statusCode, `${path}: ${c.body}`).toBe(200);
      expect(c.json().total, path).toBe((await post('celula', `/api/${path}`, {})).json().total);
    }
  });

  it('removing the relatorios flag from the group closes the report at once', async () => {
    const [reg] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'regional@demo.portal'));
    const [g] = await t.app.db.select().from(grupos).where(eq(grupos.id, reg!.idGrupo));
    const before = await post('regional', '/api/novas-unidades/relatorio', {});
    expect(before.statusCode).toBe(200);
    await t.app.db
      .update(grupos)
      .set({ relatorios: false } as never)
      .where(eq(grupos.id, g!.id));
    try {
      expect((await post('regional', '/api/novas-unidades/relatorio', {})).statusCode).toBe(403);
      expect((await get('regional', '/api/novas-unidades/relatorio/exportar')).statusCode).toBe(403);
    } finally {
      await t.app.db
        .update(grupos)
        .set({ relatorios: true } as never)
        .where(eq(grupos.id, g!.id));
    }
  });

  it('a deactivated user cannot export (401), on page and on file', async () => {
    const token = await login(t.app, 'amee@demo.portal');
    await t.app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'amee@demo.portal'));
    try {
      const a = await t.app.inject({
        method: 'GET',
        url: '/api/novas-unidades/relatorio/exportar?formato=csv',
        headers: bearer(token),
      });
      expect(a.statusCode).toBe(401);
      const b = await t.app.inject({
        method: 'GET',
        url: '/api/usuarios/list/exportar',
        headers: bearer(token),
      });
      expect([401, 403]).toContain(b.statusCode);
    } finally {
      await t.app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, 'amee@demo.portal'));
    }
  });
});

describe('hostile: the regional reads only its regional', () => {
  it('forged scope fields in the query string of the export change nothing', async () => {
    await t.app.db.update(solicitacoes).set({ regional: 5 }).where(eq(solicitacoes.id, mine[2]!));
    const url =
      '/api/novas-unidades/relatorio/exportar?formato=csv&q=HOSTSC2&id_regional=5&regionais=5&regionais[]=5&id_empresa=1&fluxo=agua&tipo=troca';
    const res = await get('regional', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(csvObjects(res.rawPayload.toString('utf8'))).toHaveLength(0);
    expect(res.headers['x-total-registros']).toBe('0');
    const page = await post('regional', '/api/novas-unidades/relatorio', {
      q: 'HOSTSC2',
      id_regional: 5,
      regionais: [5],
      fluxo: 'agua',
      tipo: 'troca',
    });
    expect(page.json().total).toBe(0);
    expect(page.json().dados).toEqual([]);
    const polluted = await t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/relatorio',
      headers: { ...bearer(tokens.regional!), 'content-type': 'application/json' },
      payload: '{"q":"HOSTSC2","__proto__":{"regionais":[5]},"constructor":{"prototype":{"regionais":[5]}}}',
    });
    if (polluted.statusCode === 200) expect(polluted.json().total).toBe(0);
    else expect(polluted.statusCode).toBe(400);
  });

  it('the list export of the regional leaves out the TRJ row, total included', async () => {
    const res = await get('regional', '/api/novas-unidades/list/exportar?q=hostsc&formato=csv');
    const rows = csvObjects(res.rawPayload.toString('utf8'));
    expect(rows.map((r) => Number(r.ID))).not.toContain(mine[2]);
    expect(res.headers['x-total-registros']).toBe(String(rows.length));
  });

  it('every report: page total equals export rows, for every user who may read it', async () => {
    const paths = [
      'novas-unidades/relatorio',
      'unidades/relatorio',
      'consolidacao/relatorio',
      'agua/novas-unidades/relatorio',
      'agua/unidades/relatorio',
      'agua/consolidacao/relatorio',
    ];
    for (const who of ['admin', 'celula', 'amee', 'regional', 'consulta'])
      for (const path of paths) {
        const page = await post(who, `/api/${path}`, { per_page: 50 });
        if (page.statusCode === 403) continue;
        expect(page.statusCode, `${who} ${path} ${page.body}`).toBe(200);
        const res = await get(who, `/api/${path}/exportar?formato=csv`);
        expect(res.statusCode, `${who} ${path}`).toBe(200);
        const rows = csvObjects(res.rawPayload.toString('utf8'));
        expect(rows.length, `${who} ${path}`).toBe(page.json().total);
        expect(res.headers['x-total-registros'], `${who} ${path}`).toBe(String(page.json().total));
        if (who === 'regional')
          for (const r of rows)
            expect(r.Regional ?? r[fieldLabel('regional')], `${who} ${path}`).toBe('TSP - São Paulo');
      }
  });
});

describe('hostile: observations with the same id in the other flow', () => {
  it('a water request never appears in the energy report, nor the reverse', async () => {
    const energy = await post('celula', '/api/novas-unidades/relatorio', { q: 'HOSTSC0' });
    expect(energy.json().total).toBe(1);
    await t.app.db
      .update(solicitacoes)
      .set({ fluxo: 'agua' })
      .where(inArray(solicitacoes.id, [mine[0]!]));
    try {
      expect((await post('celula', '/api/novas-unidades/relatorio', { q: 'HOSTSC0' })).json().total).toBe(0);
      expect(
        (await post('celula', '/api/agua/novas-unidades/relatorio', { q: 'HOSTSC0' })).json().total,
      ).toBe(1);
      expect((await post('celula', '/api/agua/unidades/relatorio', { q: 'HOSTSC0' })).json().total).toBe(0);
    } finally {
      await t.app.db
        .update(solicitacoes)
        .set({ fluxo: 'energia' })
        .where(inArray(solicitacoes.id, [mine[0]!]));
    }
    void historicoObservacoes;
  });
});
