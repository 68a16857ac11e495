import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/requests.ts';
import { bearer, createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';
import { createAndMove, setTspFocalPoints } from '../notificacoes/support.ts';

/**
 * GUIDE §7 "what a screen hides, the API does not serve: other scopes' records". An administrator
 * types focal points as plain e-mail addresses (regional form); when one of them is a portal user
 * who may not see the request (another company's tower user, here), the bell must not hand that
 * user the request's number, status, who moved it and the observation (a refusal's reason).
 * The e-mail to the focal address is the spec's (part 2 §3) and is not what this test is about.
 */
let t: TestApp;
let tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app, ['solicitante', 'regional', 'tower']);
  await setTspFocalPoints(t.app, ['tower@demo.portal']);
});
afterAll(() => t.close());

it("a focal point's portal user who cannot open the request gets no notice of it in the bell", async () => {
  const { id, moved } = await createAndMove(t.app, { requester: tok.solicitante!, mover: tok.regional! }, 1, {
    observacao: 'Motivo interno: contrato 4471 em disputa.',
  });
  expect(moved.statusCode, moved.body).toBe(200);
  // The tower user is outside the request's scope: its record answers 404.
  const record = await call(t.app, tok.tower!, '/api/novas-unidades/list', { id });
  expect(record.statusCode).toBe(404);
  const bell = await t.app.inject({ method: 'GET', url: '/api/notificacoes', headers: bearer(tok.tower!) });
  expect(bell.statusCode).toBe(200);
  expect(bell.json().dados.filter((n: { id_solicitacao: number }) => n.id_solicitacao === id)).toEqual([]);
  expect(bell.body).not.toContain('contrato 4471');
});
