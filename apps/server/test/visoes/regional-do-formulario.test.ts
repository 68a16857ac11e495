import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGIONAL_NOT_COVERED, regionalChoices } from '@portal/domain';
import { solicitacoes } from '../../src/db/schema.ts';
import { call, multipart, newUnitPayload } from '../support/requests.ts';
import { bearer, createTestApp, login, sessionUser, type TestApp } from '../support/test-app.ts';

/**
 * Issue 34 step 5: the request form's Regional field offers only what the server accepts from the
 * user (regionalChoices), and the server's refusal of another regional names the field, so the form
 * shows it as a sentence under Regional. The demo regional covers TSP (id 7), which serves SP.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['regional', 'solicitante']) tokens[who] = await login(t.app, `${who}@demo.portal`);
});
afterAll(() => t.close());

const requestCount = async () => (await t.app.db.select({ n: count() }).from(solicitacoes))[0]!.n;

describe('a regional user posting a regional it does not cover', () => {
  it('is refused (422) on campo regional as the form sends it (multipart), and nothing is written', async () => {
    const before = await requestCount();
    const body = multipart(await newUnitPayload(t.app, { regional: 5 }), []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/add',
      payload: body.payload,
      headers: { ...bearer(tokens.regional!), ...body.headers },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ error: 1, campo: 'regional', msg: REGIONAL_NOT_COVERED });
    expect(await requestCount()).toBe(before);
  });
});

describe('the server accepts exactly the regionals the form offers', () => {
  for (const who of ['regional', 'solicitante']) {
    it(`${who}: for a unit in SP, each regional is accepted only if the form offers it`, async () => {
      const user = await sessionUser(t.app, `${who}@demo.portal`);
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/regionais',
        headers: bearer(tokens[who]!),
      });
      const rows = listed.json().dados as {
        id: number;
        ufs: string[];
      }[];
      expect(rows.length).toBeGreaterThan(1);
      const offered = regionalChoices(user, rows, 'SP').map((r) => r.id);
      expect(offered).toEqual([7]);
      for (const { id } of rows) {
        const res = await call(
          t.app,
          tokens[who]!,
          '/api/novas-unidades/add',
          await newUnitPayload(t.app, { regional: id }),
        );
        expect(res.statusCode, `${who} regional ${id}: ${res.body}`).toBe(offered.includes(id) ? 200 : 422);
        if (res.statusCode === 422) expect(res.json().campo).toBe('regional');
      }
    });
  }
});
