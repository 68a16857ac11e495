import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '@portal/domain';
import { empresas, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { ALPHANUMERIC_CNPJ, lastAudit, signedIn } from './support.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
});
afterAll(() => t.close());

/** A valid numeric CNPJ from an 8-digit root (branch 0001). */
const cnpj = (root: string) => `${root}0001${cnpjCheckDigits(`${root}0001`)}`;

const company = (overrides: object = {}) => ({
  razao_social: 'Água Limpa Saneamento Ltda.',
  cnpj: ALPHANUMERIC_CNPJ,
  cidade: 'Goiânia',
  cep: '74000-100',
  email: 'Contato@AguaLimpa.demo',
  telefone: '(62) 3222-1100',
  status: 1,
  ...overrides,
});

describe.each([
  ['energia', '/empresas'],
  ['agua', '/agua/empresas'],
] as const)('%s companies (%s/*)', (fluxo, base) => {
  let id: number;

  // The water run adds the CNPJ the energy run already added: uniqueness is per flow.
  it('[ADMIN][CREATE]: an alphanumeric CNPJ with mask is accepted and stored clean, uppercase', async () => {
    const res = await admin.post(`${base}/add`, company({ cnpj: ALPHANUMERIC_CNPJ.toLowerCase() }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      error: 0,
      msg: 'Salvo com sucesso',
      dados: {
        razao_social: 'Água Limpa Saneamento Ltda.',
        cnpj: '12ABC34501DE35',
        cep: '74000100',
        email: 'contato@agualimpa.demo',
        status: true,
      },
    });
    id = res.body.dados.id;
    const [row] = await t.app.db.select().from(empresas).where(eq(empresas.id, id));
    expect(row!.fluxo).toBe(fluxo);
    expect(await lastAudit(t.app, fluxo === 'agua' ? 'empresa_agua' : 'empresa', id)).toMatchObject({
      acao: 'criar',
      depois: { cnpj: '12ABC34501DE35' },
    });
  });

  it("a duplicate CNPJ in the same flow is refused: 'CNPJ já cadastrado.', nothing written", async () => {
    const count = (await t.app.db.select().from(empresas)).length;
    const res = await admin.post(`${base}/add`, company({ razao_social: 'Outra', cnpj: '12ABC34501DE35' }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 1, msg: 'CNPJ já cadastrado.', campo: 'cnpj' });
    expect(await t.app.db.select().from(empresas)).toHaveLength(count);
  });

  it.each([
    // An invalid value is unprocessable (422); a missing field is a malformed request (400).
    ['CNPJ with a wrong check digit', { cnpj: '12.ABC.345/01DE-36' }, 'cnpj', 'CNPJ inválido', 422],
    ['CNPJ of equal digits', { cnpj: '11.111.111/1111-11' }, 'cnpj', 'CNPJ inválido', 422],
    ['CEP with 7 digits', { cep: '7400010' }, 'cep', 'CEP deve ter 8 dígitos', 422],
    ['CEP with letters', { cep: '74000-1AB' }, 'cep', 'CEP deve ter 8 dígitos', 422],
    ['e-mail without domain', { email: 'contato@' }, 'email', 'E-mail', 422],
    ['missing company name', { razao_social: '' }, 'razao_social', 'Razão Social', 400],
  ])('%s is refused, naming the field, nothing written', async (_case, bad, campo, msg, status) => {
    const count = (await t.app.db.select().from(empresas)).length;
    const res = await admin.post(`${base}/add`, company({ cnpj: cnpj('90817263'), ...bad }));
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ error: 1, campo });
    expect(res.body.msg).toContain(msg);
    expect(await t.app.db.select().from(empresas)).toHaveLength(count);
  });

  it('edit changes the company; the CNPJ stays unique against the others', async () => {
    const other = await admin.post(
      `${base}/add`,
      company({ razao_social: 'Beta Energia S.A.', cnpj: cnpj('55443322'), email: 'beta@demo.com' }),
    );
    expect(other.status).toBe(200);
    const clash = await admin.post(
      `${base}/edit`,
      company({ id: other.body.dados.id, cnpj: ALPHANUMERIC_CNPJ }),
    );
    expect(clash).toMatchObject({ status: 422, body: { msg: 'CNPJ já cadastrado.' } });
    const res = await admin.post(`${base}/edit`, company({ id, cidade: 'Anápolis', status: 0 }));
    expect(res.body.dados).toMatchObject({ id, cidade: 'Anápolis', status: false });
    const audit = await lastAudit(t.app, fluxo === 'agua' ? 'empresa_agua' : 'empresa', id);
    expect(audit).toMatchObject({
      acao: 'editar',
      antes: { cidade: 'Goiânia', status: true },
      depois: { cidade: 'Anápolis', status: false },
    });
  });

  it('list: paging, total, sort whitelist, search by name without accents and by masked CNPJ', async () => {
    const all = await admin.post(`${base}/list`, { per_page: 50 });
    const inFlow = await t.app.db.select().from(empresas).where(eq(empresas.fluxo, fluxo));
    expect(all.body.total).toBe(inFlow.length);
    const page = await admin.post(`${base}/list`, { per_page: 5, sort: 'razao_social', order: 'desc' });
    const names = page.body.dados.map((c: { razao_social: string }) => c.razao_social);
    expect(names).toHaveLength(Math.min(5, inFlow.length));
    expect(
      (await admin.post(`${base}/list`, { q: 'agua limpa' })).body.dados.map((c: { id: number }) => c.id),
    ).toEqual([id]);
    expect(
      (await admin.post(`${base}/list`, { q: '12.ABC.345' })).body.dados.map((c: { id: number }) => c.id),
    ).toEqual([id]);
    expect((await admin.post(`${base}/list`, { q: 'anapolis' })).body.total).toBe(1);
    expect(
      (await admin.post(`${base}/list`, { status: 0 })).body.dados.map((c: { id: number }) => c.id),
    ).toEqual([id]);
    expect((await admin.post(`${base}/list`, { id })).body.dados).toMatchObject({
      id,
      cnpj: '12ABC34501DE35',
    });
    expect((await admin.post(`${base}/list`, { sort: 'fluxo' })).status).toBe(422);
  });

  it('delete: a company without users or requests is deleted', async () => {
    const tmp = await admin.post(
      `${base}/add`,
      company({ razao_social: 'Temporária', cnpj: cnpj('10203040') }),
    );
    const res = await admin.post(`${base}/delete`, { id: tmp.body.dados.id });
    expect(res.body).toEqual({ error: 0, msg: 'Apagado com sucesso!', desativado: false });
    expect(await t.app.db.select().from(empresas).where(eq(empresas.id, tmp.body.dados.id))).toEqual([]);
  });

  it('delete: a company with users or requests is deactivated instead, and says so', async () => {
    const tmp = await admin.post(
      `${base}/add`,
      company({ razao_social: 'Com Usuários', cnpj: cnpj('50607080') }),
    );
    const companyId = tmp.body.dados.id;
    const [someone] = await t.app.db.select().from(usuarios).limit(1);
    await t.app.db
      .insert(solicitacoes)
      .values({ fluxo, tipo: 'nova', status: 0, idUsuario: someone!.id, idEmpresa: companyId });
    const res = await admin.post(`${base}/delete`, { id: companyId });
    expect(res.body).toMatchObject({ error: 0, desativado: true });
    expect(res.body.msg).toMatch(/desativada/);
    const [row] = await t.app.db.select().from(empresas).where(eq(empresas.id, companyId));
    expect(row!.status).toBe(false);
    expect(await lastAudit(t.app, fluxo === 'agua' ? 'empresa_agua' : 'empresa', companyId)).toMatchObject({
      acao: 'desativar',
    });
  });
});

it('an energy company is not reachable through /agua/empresas (each flow keeps its own list)', async () => {
  const [energy] = await t.app.db.select().from(empresas).where(eq(empresas.fluxo, 'energia')).limit(1);
  expect((await admin.post('/agua/empresas/list', { id: energy!.id })).status).toBe(404);
  expect((await admin.post('/agua/empresas/delete', { id: energy!.id })).status).toBe(404);
  expect((await admin.post('/empresas/list', { id: energy!.id })).status).toBe(200);
});
