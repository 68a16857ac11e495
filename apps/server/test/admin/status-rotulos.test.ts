import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULARIZATION_STATUSES, REQUEST_STATUSES, statusLabel } from '@portal/domain';
import { seedReferenceData } from '../../src/db/seed/seed.ts';
import { statusRotulos } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { lastAudit, signedIn } from './support.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
});
afterAll(() => t.close());

describe('status labels per flow (/status/*)', () => {
  it("are seeded from the domain's catalogs: every status of each flow × kind, and regularization's", async () => {
    const rows = await t.app.db.select().from(statusRotulos);
    expect(rows).toHaveLength(2 * (2 * REQUEST_STATUSES.length + REGULARIZATION_STATUSES.length));
    const aguaNova = await admin.post('/status-rotulos/list', { fluxo: 'agua', tipo: 'nova', per_page: 50 });
    expect(aguaNova.body.total).toBe(REQUEST_STATUSES.length);
    expect(aguaNova.body.dados.map((s: { codigo: number }) => s.codigo)).toEqual(REQUEST_STATUSES);
    expect(aguaNova.body.dados.find((s: { codigo: number }) => s.codigo === 7).rotulo).toBe(
      statusLabel(7, 'agua', 'nova'),
    );
    const reg = await admin.post('/status-rotulos/list', { fluxo: 'energia', tipo: 'regularizacao' });
    expect(reg.body.dados.map((s: { rotulo: string }) => s.rotulo)).toEqual(
      REGULARIZATION_STATUSES.map((s) => s.label),
    );
  });

  it('[ADMIN][EDIT]: the label changes for that flow only; the code is not editable; audited', async () => {
    const [row] = (await admin.post('/status-rotulos/list', { fluxo: 'energia', tipo: 'nova', status: 8 }))
      .body.dados;
    const res = await admin.post('/status-rotulos/edit', {
      id: row.id,
      rotulo: 'Inserida na Base AME',
      codigo: 99,
      fluxo: 'agua',
    });
    expect(res.body).toMatchObject({
      error: 0,
      dados: { id: row.id, codigo: 8, fluxo: 'energia', tipo: 'nova', rotulo: 'Inserida na Base AME' },
    });
    const [agua] = (await admin.post('/status-rotulos/list', { fluxo: 'agua', tipo: 'nova', status: 8 })).body
      .dados;
    expect(agua.rotulo).toBe('Inserida na Base Xerox/AME');
    expect(await lastAudit(t.app, 'status_rotulo', row.id)).toMatchObject({
      acao: 'editar',
      antes: { rotulo: 'Inserida na Base Xerox/AME' },
      depois: { rotulo: 'Inserida na Base AME' },
    });
  });

  it('an empty label is refused; the seed run again keeps the edited label', async () => {
    const [row] = (await admin.post('/status-rotulos/list', { fluxo: 'energia', tipo: 'nova', status: 8 }))
      .body.dados;
    expect((await admin.post('/status-rotulos/edit', { id: row.id, rotulo: '  ' })).body).toMatchObject({
      error: 1,
      campo: 'rotulo',
    });
    await seedReferenceData(t.app.db);
    const [again] = (await admin.post('/status-rotulos/list', { fluxo: 'energia', tipo: 'nova', status: 8 }))
      .body.dados;
    expect(again.rotulo).toBe('Inserida na Base AME');
    expect(
      (
        await admin.post('/status-rotulos/list', { fluxo: 'energia', tipo: 'nova', q: 'base ame' })
      ).body.dados.map((s: { codigo: number }) => s.codigo),
    ).toEqual([8]);
  });
});

describe('GET /api/status-rotulos (every signed-in user)', () => {
  it('answers the labels of every flow, as edited', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/status-rotulos',
      headers: bearer(await login(t.app, 'solicitante@demo.portal')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dados).toContainEqual({
      fluxo: 'energia',
      tipo: 'troca',
      codigo: 7,
      rotulo: 'Aprovada Troca',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/status-rotulos' })).statusCode).toBe(401);
  });
});
