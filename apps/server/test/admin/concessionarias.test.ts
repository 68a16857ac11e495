import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concessionarias, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { lastAudit, signedIn } from './support.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
});
afterAll(() => t.close());

const selector = async (path: string) =>
  (await admin.get(path)).body.dados.map((c: { nome: string }) => c.nome) as string[];

describe('concessionárias (administration)', () => {
  let id: number;

  it('lists both flows, filters by fluxo, searches without accents', async () => {
    const all = await admin.post('/concessionarias/list', { per_page: 5 });
    expect(all.body.total).toBe((await t.app.db.select().from(concessionarias)).length);
    const agua = await admin.post('/concessionarias/list', { fluxo: 'agua', per_page: 50 });
    expect(agua.body.dados.every((c: { fluxo: string }) => c.fluxo === 'agua')).toBe(true);
    expect(
      (await admin.post('/concessionarias/list', { q: 'aguas de manaus' })).body.dados.map(
        (c: { sigla: string }) => c.sigla,
      ),
    ).toEqual(['AGUAS MANAUS']);
    expect((await admin.post('/concessionarias/list', { fluxo: 'gas' })).status).toBe(422);
  });

  it('[ADMIN][CREATE]: name, sigla, flow and UFs (comma list accepted); it appears in the form selector', async () => {
    const res = await admin.post('/concessionarias/add', {
      nome: 'Energia Nova do Vale',
      sigla: 'env',
      fluxo: 'energia',
      ufs: 'mg, sp',
    });
    expect(res.body).toMatchObject({
      error: 0,
      dados: { nome: 'Energia Nova do Vale', sigla: 'ENV', fluxo: 'energia', ufs: ['MG', 'SP'], ativo: true },
    });
    id = res.body.dados.id;
    expect(await selector('/concessionarias')).toContain('Energia Nova do Vale');
    expect(await selector('/agua/concessionarias')).not.toContain('Energia Nova do Vale');
    expect(await lastAudit(t.app, 'concessionaria', id)).toMatchObject({ acao: 'criar' });
  });

  it('an unknown UF or no UF at all is refused', async () => {
    expect(
      (await admin.post('/concessionarias/add', { nome: 'X', sigla: 'X', fluxo: 'agua', ufs: ['ZZ'] })).body,
    ).toMatchObject({ error: 1, msg: expect.stringContaining('UF inválida') });
    expect(
      (await admin.post('/concessionarias/add', { nome: 'X', sigla: 'X', fluxo: 'agua', ufs: [] })).body.msg,
    ).toContain('Selecione pelo menos uma UF.');
  });

  it('deactivating it (edit ativo 0) takes it out of the form selector, not out of the admin list', async () => {
    const res = await admin.post('/concessionarias/edit', {
      id,
      nome: 'Energia Nova do Vale',
      sigla: 'ENV',
      fluxo: 'energia',
      ufs: ['MG'],
      ativo: 0,
    });
    expect(res.body.dados).toMatchObject({ ativo: false, ufs: ['MG'] });
    expect(await selector('/concessionarias')).not.toContain('Energia Nova do Vale');
    expect((await admin.post('/concessionarias/list', { id })).body.dados.ativo).toBe(false);
  });

  it('one with requests is deactivated on delete and cannot move to the other flow; one without is deleted', async () => {
    const [cemig] = await t.app.db.select().from(concessionarias).where(eq(concessionarias.sigla, 'CEMIG'));
    const [someone] = await t.app.db.select().from(usuarios).limit(1);
    await t.app.db.insert(solicitacoes).values({
      fluxo: 'energia',
      tipo: 'nova',
      status: 0,
      idUsuario: someone!.id,
      idConcessionaria: cemig!.id,
    });
    const move = await admin.post('/concessionarias/edit', {
      id: cemig!.id,
      nome: cemig!.nome,
      sigla: cemig!.sigla,
      fluxo: 'agua',
      ufs: cemig!.ufs,
    });
    expect(move).toMatchObject({ status: 422, body: { campo: 'fluxo' } });
    const res = await admin.post('/concessionarias/delete', { id: cemig!.id });
    expect(res.body).toMatchObject({ error: 0, desativado: true });
    expect(
      (await t.app.db.select().from(concessionarias).where(eq(concessionarias.id, cemig!.id)))[0]!.ativo,
    ).toBe(false);
    expect((await admin.post('/concessionarias/delete', { id })).body).toEqual({
      error: 0,
      msg: 'Apagado com sucesso!',
      desativado: false,
    });
    expect(await t.app.db.select().from(concessionarias).where(eq(concessionarias.id, id))).toEqual([]);
  });
});
