import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { usuarios } from '../../src/db/schema.ts';
import { call, multipart, newUnitPayload, PDF, PNG, readRequest } from '../support/requests.ts';
import { bearer, createTestApp, login, loginDemo, type TestApp } from '../support/test-app.ts';

/**
 * The creator's window (issue 15 point 3, docs/decisions/requests-workflow.md, D-WF-032) lets the author correct what they filled
 * in — their documents included: `edit` replaces them (checkSave passes creatorWindow). The
 * `apagar-arquivos` call asks requestPolicy without the window, so the author cannot remove one.
 * Another requester of the same company must stay refused.
 */
let t: TestApp;
let tok: Record<string, string> = {};
let id = 0;
beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app, ['solicitante']);
  await t.app.db.update(usuarios).set({ trocarSenha: 1 }).where(eq(usuarios.email, 'novo@demo.portal'));
  tok.novo = await login(t.app, 'novo@demo.portal');
  const body = multipart(await newUnitPayload(t.app), [
    { field: 'fatura', filename: 'fatura.pdf', contentType: 'application/pdf', data: PDF },
    { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
    { field: 'autorizacao', filename: 'autorizacao.pdf', contentType: 'application/pdf', data: PDF },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/unidades/add',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tok.solicitante!) },
  });
  expect(res.statusCode, res.body).toBe(200);
  id = res.json().dados.id;
});
afterAll(() => t.close());

it('another requester of the same company may not remove the author’s document', async () => {
  const res = await call(t.app, tok.novo!, '/api/unidades/apagar-arquivos', { id, tipo: 'autorizacao' });
  expect(res.statusCode).toBe(403);
});

it('inside the window the author removes a document they attached, as they may replace it', async () => {
  const before = await readRequest(t.app, tok.solicitante!, 'unidades', id);
  expect(before.autor_pode_corrigir).toBe(true);
  const res = await call(t.app, tok.solicitante!, '/api/unidades/apagar-arquivos', {
    id,
    tipo: 'autorizacao',
  });
  expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
});
