import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionais, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { lastAudit, signedIn } from './support.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
});
afterAll(() => t.close());

const regional = {
  regional: 'tmg',
  gestor: 'Márcia Gestora',
  email_gestor: 'Marcia@Demo.Portal',
  focal1: 'focal1@demo.portal',
  nome_focal1: 'Fábio Focal',
  focal2: '',
  nome_focal2: '',
};

describe('regional (Gerenciamento de Regional)', () => {
  let id: number;

  it('lists the seven regionals in sigla order', async () => {
    const res = await admin.post('/regional/list', {});
    expect(res.body.total).toBe(7);
    expect(res.body.dados.map((r: { regional: string }) => r.regional)).toEqual([
      'TCO',
      'TLE',
      'TNE',
      'TNO',
      'TRJ',
      'TSL',
      'TSP',
    ]);
  });

  it('[ADMIN][CREATE]: manager and focal points; sigla upper case, e-mails lower case, blanks null', async () => {
    const res = await admin.post('/regional/add', regional);
    expect(res.status).toBe(200);
    expect(res.body.dados).toMatchObject({
      regional: 'TMG',
      gestor: 'Márcia Gestora',
      email_gestor: 'marcia@demo.portal',
      focal1: 'focal1@demo.portal',
      nome_focal1: 'Fábio Focal',
      focal2: null,
      nome_focal2: null,
    });
    id = res.body.dados.id;
    expect(id).toBeGreaterThan(7);
    expect(await lastAudit(t.app, 'regional', id)).toMatchObject({ acao: 'criar' });
  });

  it.each([
    // An invalid value is unprocessable (422); a missing field is a malformed request (400).
    ['e-mail do gestor', { email_gestor: 'marcia@' }, 'email_gestor', 422],
    ['focal point e-mail', { focal3: 'nao-e-email' }, 'focal3', 422],
    ['missing manager', { gestor: '' }, 'gestor', 400],
  ])('%s is refused, naming the field', async (_c, bad, campo, status) => {
    const res = await admin.post('/regional/add', { ...regional, regional: 'TXX', ...bad });
    expect(res).toMatchObject({ status, body: { error: 1, campo } });
    expect(await t.app.db.select().from(regionais).where(eq(regionais.regional, 'TXX'))).toEqual([]);
  });

  it('a duplicate sigla is refused', async () => {
    expect((await admin.post('/regional/add', { ...regional, regional: 'TSP' })).body).toMatchObject({
      msg: 'Regional já cadastrada.',
      campo: 'regional',
    });
  });

  it('edit, search by manager name without accents, read one', async () => {
    const res = await admin.post('/regional/edit', { ...regional, id, gestor: 'Márcia Souza' });
    expect(res.body.dados).toMatchObject({ id, gestor: 'Márcia Souza' });
    expect(await lastAudit(t.app, 'regional', id)).toMatchObject({
      acao: 'editar',
      antes: { gestor: 'Márcia Gestora' },
      depois: { gestor: 'Márcia Souza' },
    });
    expect(
      (await admin.post('/regional/list', { q: 'marcia souza' })).body.dados.map((r: { id: number }) => r.id),
    ).toEqual([id]);
    expect((await admin.post('/regional/list', { id })).body.dados.regional).toBe('TMG');
  });

  it('[ADMIN][EDIT]: the UFs a regional serves are edited, audited, and kept by an edit that does not send them', async () => {
    const before = (await admin.post('/regional/list', { id })).body.dados;
    expect(before.ufs).toEqual([]);
    const res = await admin.post('/regional/edit', {
      ...regional,
      id,
      version: before.version,
      ufs: 'mg,ES,MG',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.dados.ufs).toEqual(['ES', 'MG']);
    expect(await lastAudit(t.app, 'regional', id)).toMatchObject({
      acao: 'editar',
      antes: { ufs: [] },
      depois: { ufs: ['ES', 'MG'] },
    });
    const kept = await admin.post('/regional/edit', { ...regional, id, gestor: 'Márcia Souza' });
    expect(kept.body.dados.ufs).toEqual(['ES', 'MG']);
  });

  it('a UF that does not exist is refused naming UFs, and nothing changes', async () => {
    const res = await admin.post('/regional/edit', { ...regional, id, ufs: ['SP', 'XX'] });
    expect(res).toMatchObject({ status: 422, body: { error: 1, campo: 'ufs.1', msg: 'UF inválida.' } });
    expect((await admin.post('/regional/list', { id })).body.dados.ufs).toEqual(['ES', 'MG']);
  });

  it('the seeded regionals serve the UFs of their region, each UF once', async () => {
    const rows = (await admin.post('/regional/list', {})).body.dados as { regional: string; ufs: string[] }[];
    expect(
      Object.fromEntries(rows.filter((r) => r.regional !== 'TMG').map((r) => [r.regional, r.ufs])),
    ).toEqual({
      TCO: ['AC', 'DF', 'GO', 'MS', 'MT', 'RO', 'TO'],
      TLE: ['BA', 'MG', 'SE'],
      TNE: ['AL', 'CE', 'PB', 'PE', 'PI', 'RN'],
      TNO: ['AM', 'AP', 'MA', 'PA', 'RR'],
      TRJ: ['ES', 'RJ'],
      TSL: ['PR', 'RS', 'SC'],
      TSP: ['SP'],
    });
  });

  it('a regional with users or requests cannot be deleted; an unused one can', async () => {
    const tsp = (await t.app.db.select().from(regionais).where(eq(regionais.regional, 'TSP')))[0]!;
    expect((await admin.post('/regional/delete', { id: tsp.id })).status).toBe(422);
    const trj = (await t.app.db.select().from(regionais).where(eq(regionais.regional, 'TRJ')))[0]!;
    const [someone] = await t.app.db.select().from(usuarios).limit(1);
    await t.app.db
      .insert(solicitacoes)
      .values({ fluxo: 'energia', tipo: 'nova', status: 0, idUsuario: someone!.id, regional: trj.id });
    expect((await admin.post('/regional/delete', { id: trj.id })).body.msg).toMatch(/não pode ser apagada/);
    const res = await admin.post('/regional/delete', { id });
    expect(res.body).toEqual({ error: 0, msg: 'Apagado com sucesso!', desativado: false });
    expect(await lastAudit(t.app, 'regional', id)).toMatchObject({
      acao: 'apagar',
      antes: { regional: 'TMG' },
    });
  });
});
