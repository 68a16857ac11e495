import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION } from '@portal/domain';
import { TOO_MANY_ATTEMPTS } from '../../src/auth/rate-limits.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { multipart, newUnitPayload, PDF, PNG } from '../support/requests.ts';
import { post, signIn, startTwoServers, type Instance, type TwoServers } from '../support/two-servers.ts';

/**
 * Issue 16, "two instances, one truth": two real server processes (`src/main.ts`, as `npm start`
 * runs it) on one PostgreSQL and one bucket, and one user's calls alternating between them.
 */
const postgres = process.env.TEST_DATABASE_URL;
/** Failed sign-ins one client address may make, counted over both instances. */
const PER_IP = 4;

describe.skipIf(!postgres)(
  `two server processes on one PostgreSQL and one bucket${postgres ? '' : ' (skipped: needs TEST_DATABASE_URL, the PostgreSQL both share)'}`,
  () => {
    let servers: TwoServers;
    let a: Instance;
    let b: Instance;
    let requester: string;
    let id: number;
    const documents = [
      {
        field: 'fatura',
        filename: 'fatura.pdf',
        contentType: 'application/pdf',
        data: Buffer.concat([PDF, Buffer.from('instância B')]),
      },
      { field: 'comprovante_pagamento', filename: 'comprovante.png', contentType: 'image/png', data: PNG },
      { field: 'autorizacao', filename: 'autorização.pdf', contentType: 'application/pdf', data: PDF },
    ];

    beforeAll(async () => {
      servers = await startTwoServers({
        RATE_LIMIT_PER_IP: String(PER_IP),
        RATE_LIMIT_PER_ADDRESS: '100',
      });
      ({ a, b } = servers);
    }, 150_000);

    afterAll(() => servers?.close(), 60_000);

    it('a session opened on A saves a request with attachments on B', async () => {
      requester = await signIn(a, 'solicitante@demo.portal');
      // newUnitPayload reads the concessionaire's id through `.db`: the test's own connection.
      const body = multipart(
        await newUnitPayload({ db: servers.handle.db } as unknown as FastifyInstance),
        documents,
      );
      const res = await fetch(`${b.base}/api/unidades/add`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${requester}` },
        body: body.payload,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      id = ((await res.json()) as { dados: { id: number } }).dados.id;
    });

    it('A serves every file B stored, byte-identical, under its sniffed type', async () => {
      const read = await post(a, '/api/unidades/list', { id }, requester);
      expect(read.status).toBe(200);
      const record = ((await read.json()) as { dados: Record<string, unknown> }).dados;
      for (const document of documents) {
        const url = record[document.field];
        expect(url, document.field).toMatch(/^\/api\/arquivos\/\d+$/);
        const file = await fetch(`${a.base}${url as string}`, {
          headers: { authorization: `Bearer ${requester}` },
        });
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe(document.contentType);
        expect(Buffer.from(await file.arrayBuffer()).equals(document.data)).toBe(true);
      }
    });

    it('an edit naming a version the other instance already moved past is refused, on either', async () => {
      const regional = await signIn(b, 'regional@demo.portal');
      const cell = await signIn(a, 'celula@demo.portal');
      expect((await post(a, '/api/unidades/edit', { id, version: 1, status: 2 }, regional)).status).toBe(200);
      const staleOnB = await post(b, '/api/unidades/edit', { id, version: 1, status: 4 }, cell);
      expect(staleOnB.status).toBe(409);
      expect(await staleOnB.json()).toMatchObject({ error: 1, msg: STALE_VERSION });
      expect((await post(b, '/api/unidades/edit', { id, version: 2, status: 4 }, cell)).status).toBe(200);
      const staleOnA = await post(a, '/api/unidades/edit', { id, version: 2, status: 4 }, cell);
      expect(staleOnA.status).toBe(409);
      expect(await staleOnA.json()).toMatchObject({ error: 1, msg: STALE_VERSION });
    });

    it('failed sign-ins are counted across both: half on A and half on B exhaust the address on both', async () => {
      for (const instance of [a, b, a, b].slice(0, PER_IP)) {
        const res = await post(instance, '/api/login', {
          email: 'solicitante@demo.portal',
          password: 'errada-123',
        });
        expect(res.status, instance.name).toBe(401);
      }
      for (const instance of [a, b]) {
        // Even the right password: this address has no attempts left on any instance.
        const res = await post(instance, '/api/login', {
          email: 'solicitante@demo.portal',
          password: DEMO_PASSWORD,
        });
        expect(res.status, instance.name).toBe(429);
        expect(((await res.json()) as { msg: string }).msg).toBe(TOO_MANY_ATTEMPTS);
      }
    });
  },
);
