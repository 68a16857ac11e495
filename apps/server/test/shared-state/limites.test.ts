import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitacoes } from '../../src/db/schema.ts';
import { MULTIPART_LIMITS } from '../../src/http/limits.ts';
import { multipart, newUnitPayload, PDF } from '../support/requests.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

/** The multipart limits of http/limits.ts are the ones a save meets, and a refusal leaves nothing behind. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'solicitante@demo.portal');
});
afterAll(() => t.close());

const requests = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(solicitacoes))[0]!.n;
const stored = () => readdir(path.join(t.config.dataDir, 'uploads'), { recursive: true }).catch(() => []);

async function save(parts: number) {
  const files = Array.from({ length: parts }, (_, i) => ({
    field: `fatura${i}`,
    filename: `fatura${i}.pdf`,
    contentType: 'application/pdf',
    data: PDF,
  }));
  const body = multipart(await newUnitPayload(t.app), files);
  return t.app.inject({
    method: 'POST',
    url: '/api/unidades/add',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

describe('request limits stated in one place', () => {
  it(`a save with more than ${MULTIPART_LIMITS.files} files is refused (413) and stores nothing`, async () => {
    const before = await requests();
    const res = await save(MULTIPART_LIMITS.files + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 1,
      msg: `Envie no máximo ${MULTIPART_LIMITS.files} arquivos por vez.`,
    });
    expect(await requests()).toBe(before);
    expect(await stored()).toEqual([]);
  });
});
