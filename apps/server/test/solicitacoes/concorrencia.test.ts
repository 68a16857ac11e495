import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, solicitacoes } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { multipart, newUnitPayload, PDF, PNG } from '../support/requests.ts';

/**
 * Issue 9 item 6: check-then-write rules hold under concurrent calls (run it on PGlite and with
 * TEST_DATABASE_URL on PostgreSQL, where the calls really overlap).
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'solicitante@demo.portal');
});
afterAll(() => t.close());

const add = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/novas-unidades/add', payload, headers: bearer(token) });

describe('the duplicate check and the write are atomic', () => {
  it('of 30 simultaneous adds of one unit exactly one is saved; the others get the duplicate refusal', async () => {
    const payload = await newUnitPayload(t.app, { unidade: 'UCCORRIDA1' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => add({ ...payload, endereco_id: `CORR${i}` })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(29);
    for (const refused of answers.filter((r) => r.statusCode === 422)) {
      expect(refused.json()).toMatchObject({
        campo: 'unidade',
        msg: 'Unidade já cadastrada no workflow. Entre em contato com a regional responsável.',
      });
    }
    const [{ n } = { n: 0 }] = await t.app.db
      .select({ n: count() })
      .from(solicitacoes)
      .where(eq(sql`lower(${solicitacoes.unidade})`, 'uccorrida1'));
    expect(n).toBe(1);
  });

  it('the same holds for one address id sent with different cases and spaces', async () => {
    const payload = await newUnitPayload(t.app);
    const answers = await Promise.all(
      ['ENDCORR', 'endcorr', ' EndCorr ', 'ENDCORR ', 'endCORR'].map((endereco_id, i) =>
        add({ ...payload, unidade: `UCEND${i}`, endereco_id }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422).map((r) => r.json().campo)).toEqual(
      Array(4).fill('endereco_id'),
    );
  });
});

describe('deleting a request is idempotent', () => {
  it('of 20 simultaneous deletes one deletes and audits; the others answer 404', async () => {
    const body = multipart(await newUnitPayload(t.app), [
      { field: 'fatura', filename: 'fatura.pdf', contentType: 'application/pdf', data: PDF },
      { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
      { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/unidades/add',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().dados.id as number;

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/unidades/delete',
          payload: { id },
          headers: bearer(token),
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const others = answers.filter((r) => r.statusCode !== 200);
    expect(others.map((r) => r.statusCode)).toEqual(Array(19).fill(404));
    expect(others[0]!.json()).toEqual({ error: 1, msg: 'Solicitação não encontrada.' });
    const [{ n } = { n: 0 }] = await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.acao, 'apagar-solicitacao'), eq(auditLog.entidadeId, String(id))));
    expect(n).toBe(1);
  });
});
