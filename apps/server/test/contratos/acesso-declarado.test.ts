import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineCall, menuRule, PUBLIC, statusOf } from '@portal/domain/contracts/call';
import { auditLogListCall } from '@portal/domain/contracts/calls/audit-log';
import { requestCalls } from '@portal/domain/contracts/calls/requests';
import { route } from '../../src/http/route.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

/**
 * Issue 32: every /api route declares who may call it, in its descriptor; the server refuses to
 * start with one that does not (fail closed), attaches the rule's check itself, and an answer with
 * a status the descriptor does not declare fails loudly in tests.
 */

describe('a route under /api without an access rule', () => {
  it('stops the server from starting, naming the route', async () => {
    await expect(
      createTestApp({}, (app) => {
        app.get('/api/esquecida', async () => ({ error: 0 }));
      }),
    ).rejects.toThrow(/sem regra de acesso declarada: GET \/api\/esquecida/);
  });

  it('is refused inside a nested plugin and with a prefix too', async () => {
    await expect(
      createTestApp({}, (app) => {
        void app.register(
          async (nested) => {
            nested.post('/fora-do-contrato', async () => ({ error: 0 }));
          },
          { prefix: '/api/modulo' },
        );
      }),
    ).rejects.toThrow(/POST \/api\/modulo\/fora-do-contrato/);
  });
});

describe('routes registered from descriptors', () => {
  let t: TestApp;
  const teapot = defineCall({
    method: 'GET',
    path: '/api/teste/status-nao-declarado',
    tags: ['Teste'],
    access: PUBLIC,
    answer: z.object({ error: z.literal(0) }),
  });
  const adminOnly = defineCall({
    method: 'POST',
    path: '/api/teste/so-logs',
    tags: ['Teste'],
    access: menuRule('logs'),
    body: z.object({ x: z.number() }),
    answer: z.object({ error: z.literal(0), x: z.number() }),
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    route(app, teapot, async (_request, reply) =>
      (reply as unknown as FastifyReply).status(418).send({ error: 0 }),
    );
    route(app, adminOnly, async (request) => ({ error: 0 as const, x: request.body.x }));
  };

  beforeAll(async () => {
    t = await createTestApp({}, (app) => void app.register(plugin));
  });
  afterAll(() => t.close());

  it('an answer with an undeclared status becomes a 500 naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/teste/status-nao-declarado' });
    expect(res.statusCode).toBe(500);
    expect(res.json().msg).toMatch(/Status 418 não declarado/);
  });

  it('the access rule of the descriptor is checked before the body, without any hook in the route', async () => {
    const consulta = await login(t.app, 'consulta@demo.portal');
    // A malformed body: a caller without the menu entry learns nothing from it (403, not 400).
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/teste/so-logs',
      headers: bearer(consulta),
      payload: { x: 'não é número' },
    });
    expect(refused.statusCode).toBe(statusOf('forbidden'));
    const admin = await login(t.app, 'admin@demo.portal');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/teste/so-logs',
      headers: bearer(admin),
      payload: { x: 7 },
    });
    expect(ok.json()).toEqual({ error: 0, x: 7 });
  });

  it('a hostile client calling a real route without its menu entry still gets 403', async () => {
    const consulta = await login(t.app, 'consulta@demo.portal');
    const res = await t.app.inject({
      method: 'POST',
      url: auditLogListCall.path,
      headers: bearer(consulta),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('profile 3 (Consulta) is refused a write by the descriptor’s write rule', async () => {
    const consulta = await login(t.app, 'consulta@demo.portal');
    const res = await t.app.inject({
      method: 'POST',
      url: requestCalls('energia', 'troca').deleteFile.path,
      headers: bearer(consulta),
      payload: { id: 1, tipo: 'fatura' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('a signed-out caller gets 401 on every non-public call', async () => {
    const res = await t.app.inject({ method: 'POST', url: auditLogListCall.path, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
