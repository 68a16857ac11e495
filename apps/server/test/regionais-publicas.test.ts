import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './admin/support.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /regionais: the regionals the request forms offer', () => {
  it('a regional added on /regional reaches every signed-in user (not only the seven of the seed)', async () => {
    const admin = await signedIn(t.app, 'admin@demo.portal');
    expect(
      (
        await admin.post('/regional/add', {
          regional: 'TMG',
          gestor: 'Gestora',
          email_gestor: 'gestora@demo.portal',
        })
      ).status,
    ).toBe(200);

    const requester = await signedIn(t.app, 'solicitante@demo.portal');
    const res = await requester.get('/regionais');
    expect(res.status).toBe(200);
    expect(res.body.dados.map((r: { regional: string }) => r.regional)).toEqual([
      'TCO',
      'TNO',
      'TLE',
      'TNE',
      'TRJ',
      'TSL',
      'TSP',
      'TMG',
    ]);
  });

  it('answers id, name and UFs only: the managers\u2019 contacts stay on the administration screen', async () => {
    const reader = await signedIn(t.app, 'consulta@demo.portal');
    const res = await reader.get('/regionais');
    expect(res.status).toBe(200);
    for (const row of res.body.dados) expect(Object.keys(row).sort()).toEqual(['id', 'regional', 'ufs']);
  });

  it('anonymous callers get 401 and no list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/regionais' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 1, msg: expect.any(String) });
  });
});
