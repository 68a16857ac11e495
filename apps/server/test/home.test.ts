import type { Flow } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empresas, solicitacoes, usuarios } from '../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = async (email: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/home',
    headers: bearer(await login(t.app, email)),
  });
  expect(res.statusCode).toBe(200);
  return res.json().dados as Record<string, number>;
};

async function addRequest(values: {
  tipo: 'nova' | 'troca';
  status: number;
  fluxo?: Flow;
  regional?: number;
  empresa?: string;
}) {
  const [owner] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'solicitante@demo.portal'));
  const [company] = values.empresa
    ? await t.app.db.select().from(empresas).where(eq(empresas.razaoSocial, values.empresa))
    : [{ id: owner!.idEmpresa }];
  await t.app.db.insert(solicitacoes).values({
    fluxo: values.fluxo ?? 'energia',
    tipo: values.tipo,
    status: values.status,
    idUsuario: owner!.id,
    idEmpresa: company!.id,
    regional: values.regional ?? 7, // TSP
  });
}

describe('GET /api/home (dashboard totals)', () => {
  it('answers every counter, all zero while there are no requests', async () => {
    const totals = await home('celula@demo.portal');
    expect(totals).toEqual({
      total_solicitadas: 0,
      total_ap_regional: 0,
      total_ap_ceular: 0,
      total_canceladas: 0,
      total_base: 0,
      total_solicitadas_nova: 0,
      total_ap_regional_nova: 0,
      total_ap_ceular_nova: 0,
      total_canceladas_nova: 0,
      total_base_nova: 0,
    });
  });

  it("counts the request tables by status; 'Inserida Xerox/AME' counts status 8", async () => {
    await addRequest({ tipo: 'nova', status: 0 });
    await addRequest({ tipo: 'nova', status: 0 });
    await addRequest({ tipo: 'nova', status: 2 });
    await addRequest({ tipo: 'nova', status: 8 });
    await addRequest({ tipo: 'nova', status: 6 });
    await addRequest({ tipo: 'troca', status: 7 });
    await addRequest({ tipo: 'troca', status: 8 });
    await addRequest({ tipo: 'troca', status: 8 });
    await addRequest({ tipo: 'nova', status: 8, fluxo: 'agua' });
    const totals = await home('celula@demo.portal');
    expect(totals).toMatchObject({
      total_solicitadas_nova: 2,
      total_ap_regional_nova: 1,
      total_canceladas_nova: 1,
      total_base_nova: 1,
      total_ap_ceular: 1,
      total_base: 2,
      total_solicitadas: 0,
    });
  });

  it("counts only the requests in the session's scope", async () => {
    await addRequest({
      tipo: 'nova',
      status: 0,
      regional: 5 /* TRJ */,
      empresa: 'Torres Brasil Infraestrutura S.A.',
    });
    expect((await home('celula@demo.portal')).total_solicitadas_nova).toBe(3);
    // The regional covers TSP only; the tower user sees its own company's request only.
    expect((await home('regional@demo.portal')).total_solicitadas_nova).toBe(2);
    expect((await home('tower@demo.portal')).total_solicitadas_nova).toBe(1);
    expect((await home('solicitante@demo.portal')).total_solicitadas_nova).toBe(2);
  });

  it("counts only the forms in the user's menu: Property, without the ownership change, gets 0 there (hostile review)", async () => {
    const property = 'Prisma Property Management Ltda.';
    await addRequest({ tipo: 'troca', status: 7, empresa: property });
    await addRequest({ tipo: 'nova', status: 7, empresa: property });
    const totals = await home('property@demo.portal');
    expect(totals.total_ap_ceular).toBe(0);
    expect(totals.total_ap_ceular_nova).toBe(1);
  });

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home' })).statusCode).toBe(401);
  });
});
