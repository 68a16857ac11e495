import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

/** Hostile review of issue 16's dead-letter view: forged ids and queries never reach a 500. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, 'admin@demo.portal');
});
afterAll(() => t?.close());

describe('dead-letter view under forged input (issue 16)', () => {
  it('an administrator sending a forged id gets a 4xx in Portuguese, never a 500', async () => {
    for (const id of [
      '-1',
      '0',
      '2147483648',
      '99999999999999999999',
      '1.5',
      'abc',
      '1%00',
      '1;select',
      '%F0%9F%98%80',
      '0x10',
    ]) {
      for (const [method, url] of [
        ['POST', `/api/admin/tarefas/${id}/reexecutar`],
        ['DELETE', `/api/admin/tarefas/${id}`],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: bearer(admin) });
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expect((res.json() as { msg: string }).msg, `${method} ${url}`).toMatch(/ID|Tarefa|tarefa/);
      }
    }
  });

  it('extra JSON fields on a requeue change nothing and an unknown id stays 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tarefas/987654/reexecutar',
      headers: bearer(admin),
      payload: { tentativas: -100, concluida_em: null, tipo: 'outro', dados: { reset: 1 } },
    });
    expect(res.statusCode).toBe(404);
  });

  it('paging abuse: a huge page, a negative page and a huge page size are 4xx, never a 500 or a dump', async () => {
    for (const query of [
      'page=999999999',
      'page=-1',
      'per_page=100000',
      'page=1e400',
      'per_page=0',
      'situacao[]=falhas',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/tarefas?${query}`,
        headers: bearer(admin),
      });
      expect(res.statusCode, query).toBeLessThan(500);
      if (res.statusCode === 200)
        expect((res.json() as { dados: unknown[] }).dados.length, query).toBeLessThanOrEqual(100);
    }
  });
});
