import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GROUP } from '@portal/domain';
import { empresas, grupos } from '../../src/db/schema.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { bearer, createTestApp, login, runQueue, type TestApp } from '../support/test-app.ts';
import { providerAdministrator, signedIn } from '../admin/support.ts';

/**
 * Hostile review of issue 30, the holes it found and that are closed now: the side rule through
 * companies, groups and the reset e-mail, and no-store on the 404 of an unknown /api path. Each
 * failed on the reviewed main (c96bf99).
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
/** The provider's operator (amee@demo.portal): group AMEE, which holds every flag; profile 4. */
let provider: Awaited<ReturnType<typeof signedIn>>;
/** An administrator (profile 1) of the provider's group, in the provider's company. */
let providerAdmin: Awaited<ReturnType<typeof signedIn>>;
const company = { telecom: 0, provedor: 0, tower: 0 };

const companyRow = async (id: number) =>
  (await t.app.db.select().from(empresas).where(eq(empresas.id, id)))[0]!;
const canSignIn = async (email: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } }))
    .statusCode === 200;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
  provider = await signedIn(t.app, 'amee@demo.portal');
  const { empresas: options } = (await admin.get('/usuarios/opcoes')).body.dados;
  const byName = (start: string) =>
    options.find(
      (e: { razao_social: string; fluxo: string }) =>
        e.fluxo === 'energia' && e.razao_social.startsWith(start),
    ).id as number;
  company.telecom = byName('Operadora Telecom');
  company.provedor = byName('Xerox/AM');
  company.tower = byName('Torres Brasil');
  providerAdmin = await providerAdministrator(t.app, admin, 'chefe.abertos@teste.portal', company.provedor);
});
afterAll(() => t.close());

describe('side rule (a provider administrator never administers the telecom side) — through companies and groups', () => {
  // Each attack starts from the seeded companies, whatever the one before did.
  afterEach(async () => {
    await t.app.db.update(empresas).set({ status: true }).where(eq(empresas.fluxo, 'energia'));
    await t.app.db.update(grupos).set({ papel: 'solicitante' }).where(eq(grupos.id, GROUP.SOLICITANTE));
  });

  it("the provider's operator deactivates the tower company (telecom side) through /empresas/edit: expected 403, tower still signs in", async () => {
    const before = await companyRow(company.tower);
    const listed = (await provider.post('/empresas/list', { q: before.razaoSocial })).body.dados.find(
      (c: { id: number }) => c.id === company.tower,
    );
    const res = await provider.post('/empresas/edit', { ...listed, status: false });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect((await companyRow(company.tower)).status).toBe(true);
    expect(await canSignIn('tower@demo.portal')).toBe(true);
  });

  it("the provider's operator deletes (deactivates) the tower company through /empresas/delete: expected 403", async () => {
    const res = await provider.post('/empresas/delete', { id: company.tower });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect((await companyRow(company.tower)).status).toBe(true);
    expect(await canSignIn('tower@demo.portal')).toBe(true);
  });

  it("the provider's administrator deactivates the telecom's own company (the cell's): expected 403, the cell still signs in", async () => {
    const res = await providerAdmin.post('/empresas/delete', { id: company.telecom });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect((await companyRow(company.telecom)).status).toBe(true);
    // On c96bf99 the cell and the portal's administrator are locked out ('empresa inativa').
    expect(await canSignIn('celula@demo.portal')).toBe(true);
    expect(await canSignIn('admin@demo.portal')).toBe(true);
  });

  it("the provider's administrator turns a telecom group (Solicitante) into a provider one: expected 403, group unchanged", async () => {
    const groups = await providerAdmin.post('/grupos/list', { per_page: 50 });
    expect(groups.status, JSON.stringify(groups.body)).toBe(200);
    const group = groups.body.dados.find((g: { id: number }) => g.id === GROUP.SOLICITANTE);
    const res = await providerAdmin.post('/grupos/edit', { ...group, papel: 'amee' });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    const [stored] = await t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.SOLICITANTE));
    expect(stored!.papel).toBe('solicitante');
  });

  it("the provider's operator sends a password-reset e-mail to a telecom user: expected 403, no e-mail", async () => {
    const regional = (await admin.post('/usuarios/list', { q: 'regional@demo.portal' })).body.dados.find(
      (u: { email: string }) => u.email === 'regional@demo.portal',
    );
    const res = await provider.post('/usuarios/enviar-redefinicao-senha', { id: regional.id });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    await runQueue(t.app);
    expect(t.mails.filter((m) => JSON.stringify(m).includes('regional@demo.portal'))).toEqual([]);
  });
});

describe('Cache-Control: no-store on every /api answer — the 404 of an unknown /api path and OPTIONS', () => {
  // The root not-found handler answers outside the /api scope whose onRequest hook sets no-store.
  let token: string;
  beforeAll(async () => {
    token = await login(t.app, 'solicitante@demo.portal');
  });
  const noStore = (res: { headers: Record<string, unknown> }) => res.headers['cache-control'] === 'no-store';
  it('GET /api/nao-existe, signed out: 404 with no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(noStore(res), String(res.headers['cache-control'])).toBe(true);
  });
  it('POST /api/nao-existe, signed in: 404 with no-store', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nao-existe',
      headers: bearer(token),
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    expect(noStore(res), String(res.headers['cache-control'])).toBe(true);
  });
  it('OPTIONS /api/login: no-store', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/login' });
    expect(noStore(res), `${res.statusCode} ${String(res.headers['cache-control'])}`).toBe(true);
  });
});
