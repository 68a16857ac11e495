import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_DIRECT_EXPORTS } from '../../src/http/direct-export-limit.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { get } from './support.ts';

/**
 * Issue 30: the direct (not queued) export GETs are rate-limited like the queued ones: per user,
 * counted in the database, so every instance refuses the export past the limit.
 */
const PER_USER = 3;
let t: TestApp;
let admin: string;
let celula: string;
beforeAll(async () => {
  t = await createTestApp({ exportLimit: { perUser: PER_USER, windowMs: 60_000 } });
  admin = await login(t.app, 'admin@demo.portal');
  celula = await login(t.app, 'celula@demo.portal');
});
afterAll(() => t.close());

describe('direct exports are rate-limited per user', () => {
  it('the N+1th direct export in the window is refused with 429 and a Portuguese message, whatever list it is', async () => {
    for (let i = 0; i < PER_USER; i++) {
      const res = await get(t.app, admin, '/api/usuarios/list/exportar?formato=csv');
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const url of ['/api/usuarios/list/exportar?formato=csv', '/api/novas-unidades/relatorio/exportar']) {
      const refused = await get(t.app, admin, url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({ error: 1, msg: TOO_MANY_DIRECT_EXPORTS });
      expect(refused.headers['cache-control']).toBe('no-store');
    }
  });

  it("another user's exports are counted apart", async () => {
    expect((await get(t.app, celula, '/api/novas-unidades/relatorio/exportar')).statusCode).toBe(200);
  });

  it('an export refused by its own rules (a bad filter) does not use up the window', async () => {
    const other = await login(t.app, 'regional@demo.portal');
    for (let i = 0; i < PER_USER + 1; i++)
      expect((await get(t.app, other, '/api/novas-unidades/relatorio/exportar?formato=pdf')).statusCode).toBe(
        422,
      );
    expect((await get(t.app, other, '/api/novas-unidades/relatorio/exportar')).statusCode).toBe(200);
  });
});
