import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionais } from '../../src/db/schema.ts';
import { call } from '../support/requests.ts';
import { harness, rowsOf, type Harness } from './support.ts';

/**
 * The administrator's own actions appear like anyone's; the list is newest first and the same
 * request answers the same order; a period (De/Até, Brasília days) holds every row stamped inside
 * it, whatever else the log holds.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

describe("the administrator's own actions", () => {
  it("an administrator's sign-in and save appear at the top, under their name, and in the user filter", async () => {
    const [tle] = await h.t.app.db.select().from(regionais).where(eq(regionais.regional, 'TLE'));
    const current = (await call(h.t.app, h.tokens.admin!, '/api/regional/list', { id: tle!.id })).json()
      .dados;
    const saved = await call(h.t.app, h.tokens.admin!, '/api/regional/edit', {
      ...current,
      gestor: 'Gestor Hostil',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [top] = rowsOf(await h.list({}));
    expect(top).toMatchObject({
      usuario: 'Ana Administradora',
      acao: 'editar',
      entidade: 'regional',
      entidade_id: String(tle!.id),
    });
    expect(top!.alteracoes).toContainEqual({
      campo: 'gestor',
      label: 'Gestor',
      antes: current.gestor ?? null,
      depois: 'Gestor Hostil',
    });
    const mine = rowsOf(await h.list({ id_usuario: h.ids.admin, per_page: 50 }));
    expect(mine.map((r) => r.acao)).toEqual(expect.arrayContaining(['editar', 'login']));
    expect(mine.every((r) => r.usuario === 'Ana Administradora')).toBe(true);
    // By id as a string, as the filter's option value is sent.
    const asText = rowsOf(await h.list({ id_usuario: String(h.ids.admin), per_page: 50 }));
    expect(asText.map((r) => r.id)).toEqual(mine.map((r) => r.id));
    const todays = rowsOf(await h.list({ id_usuario: h.ids.admin, de: today(), ate: today(), per_page: 50 }));
    expect(todays.map((r) => r.id)).toEqual(mine.map((r) => r.id));
  });
});

describe('order', () => {
  it('newest first: ids descend and, for rows written one after the other, so do their instants; the same call answers the same order', async () => {
    for (let i = 0; i < 12; i++) await h.entry({ entidade: 'ordem', entidadeId: String(i) });
    const a = rowsOf(await h.list({ entidade: 'ordem', per_page: 50 }));
    const b = rowsOf(await h.list({ entidade: 'ordem', per_page: 50 }));
    expect(a.map((r) => r.id)).toEqual(b.map((r) => r.id));
    expect(a.map((r) => r.entidade_id)).toEqual([
      '11',
      '10',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    const times = a.map((r) => Date.parse(r.data));
    expect(times.every((t, i) => i === 0 || t <= times[i - 1]!)).toBe(true);
    // Page by page, the same order.
    const paged = [
      ...rowsOf(await h.list({ entidade: 'ordem', per_page: 5, page: 1 })),
      ...rowsOf(await h.list({ entidade: 'ordem', per_page: 5, page: 2 })),
      ...rowsOf(await h.list({ entidade: 'ordem', per_page: 5, page: 3 })),
    ];
    expect(paged.map((r) => r.id)).toEqual(a.map((r) => r.id));
  });

  it('`data` is an ISO instant in UTC that round-trips', async () => {
    for (const r of rowsOf(await h.list({ per_page: 50 }))) {
      expect(r.data).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(new Date(r.data).toISOString()).toBe(r.data);
    }
  });
});
