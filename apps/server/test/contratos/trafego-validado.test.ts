import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defineCall, PUBLIC } from '@portal/domain/contracts/call';
import { route } from '../../src/http/route.ts';
import { VIOLATION } from '../support/openapi-traffic.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The suite's traffic is checked by Ajv against the generated OpenAPI document (support/openapi-traffic.ts):
 * these calls break the document on purpose, and each one must fail loudly.
 */
const lenient = defineCall({
  method: 'POST',
  path: '/api/teste/leniente',
  tags: ['Teste'],
  access: PUBLIC,
  // The server takes "7" for 7; the document says a number: accepting it is a violation.
  body: z.object({ x: z.coerce.number() }),
  answer: z.object({ error: z.literal(0) }),
});
const wrongType = defineCall({
  method: 'GET',
  path: '/api/teste/arquivo',
  tags: ['Teste'],
  access: PUBLIC,
  download: { contentTypes: ['text/csv'] },
});

let t: TestApp;
beforeAll(async () => {
  const plugin: FastifyPluginAsyncZod = async (app) => {
    route(app, lenient, async () => ({ error: 0 as const }));
    route(app, wrongType, async (_request, reply) =>
      (reply as unknown as FastifyReply).type('application/pdf').send(Buffer.from('%PDF-1.4')),
    );
  };
  t = await createTestApp({}, (app) => void app.register(plugin));
});
afterAll(() => t.close());

describe('the OpenAPI validator over the test traffic', () => {
  it('passes a request and answer the document describes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/teste/leniente', payload: { x: 7 } });
    expect(res.json()).toEqual({ error: 0 });
  });

  it('fails a request the document refuses that the server accepted', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/teste/leniente', payload: { x: '7' } });
    expect(res.statusCode).toBe(500);
    expect(res.json().msg).toContain(VIOLATION);
  });

  it('fails a download of a content type the operation does not list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/teste/arquivo' });
    expect(res.statusCode).toBe(500);
    expect(res.json().msg).toMatch(/application\/pdf não documentado/);
  });
});
