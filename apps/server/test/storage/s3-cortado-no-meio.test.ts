import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE } from '../../src/http/error-handler.ts';
import { CuttableProxy } from '../support/cuttable-proxy.ts';
import { multipart, newUnitPayload, PDF } from '../support/requests.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { startS3Emulator, type S3Emulator } from './s3-emulator.ts';

/**
 * Issue 30: the object store lost in the middle of concurrent uploads is the server's fault, said
 * as such (503, the same as a store down before the upload), never the client's 400.
 */
/** Three parts of the store, so the client is still sending while the first two are on their way. */
const FILE = Buffer.concat([PDF, Buffer.alloc(14_000_000, 0x20)]);
const UPLOADS = 10;

let emulator: S3Emulator;
let proxy: CuttableProxy;
let t: TestApp;
let requester: string;
let base: string;

beforeAll(async () => {
  emulator = await startS3Emulator();
  proxy = new CuttableProxy({ host: '127.0.0.1', port: Number(new URL(emulator.config.endpoint!).port) });
  await proxy.open();
  t = await createTestApp({ s3: { ...emulator.config, endpoint: `http://127.0.0.1:${proxy.port}` } });
  requester = await login(t.app, 'solicitante@demo.portal');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  // An answer refused mid-upload leaves its client still sending what the server no longer reads.
  t.app.server.closeAllConnections();
  await t.close();
  await emulator.close();
});

it(`the store lost during ${UPLOADS} concurrent uploads: each save answers 503 '${STORAGE_UNAVAILABLE}' or saved whole, none 400`, async () => {
  const requestsBefore = await t.app.db.execute(sql`select count(*)::int as n from solicitacoes`);
  const saves = await Promise.all(
    Array.from({ length: UPLOADS }, async () => {
      const body = multipart(await newUnitPayload(t.app), [
        { field: 'fatura', filename: 'fatura.pdf', contentType: 'application/pdf', data: FILE },
      ]);
      // Over a real connection: the client is still sending when the store fails.
      const res = await fetch(`${base}/api/unidades/add`, {
        method: 'POST',
        body: body.payload,
        headers: { ...body.headers, ...bearer(requester) },
      });
      return { status: res.status, msg: ((await res.json()) as { msg?: string }).msg };
    }).concat(
      // Cut once a few files' bytes have reached the store, while the rest are on their way.
      (async () => {
        while (proxy.forwarded < 2 * FILE.length) await new Promise((r) => setTimeout(r, 5));
        await proxy.cut();
        return undefined as never;
      })(),
    ),
  );
  const answers = saves.filter(Boolean).map((res) => [res.status, res.msg]);
  const refused = answers.filter(([status]) => status !== 200);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused).toEqual(refused.map(() => [503, STORAGE_UNAVAILABLE]));
  const saved = answers.length - refused.length;
  const requestsAfter = await t.app.db.execute(sql`select count(*)::int as n from solicitacoes`);
  const count = (r: unknown) => (r as { rows: { n: number }[] }).rows[0]!.n;
  expect(count(requestsAfter) - count(requestsBefore)).toBe(saved);
}, 60_000);
