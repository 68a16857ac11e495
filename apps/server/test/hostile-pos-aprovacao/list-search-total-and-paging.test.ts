import { searchTextProblem } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitacoes } from '../../src/db/schema.ts';
import { harness, type Harness } from './support.ts';

/**
 * The lists' search is a literal prefix (wildcards % and _ and the backslash are plain characters),
 * `total` counts exactly the rows the pages hold, paging past the end is empty (never a 500), and
 * the page size is one of those offered.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

type Row = { id: number; unidade: string | null };
const rowsOf = (res: { json(): { dados: Row[] } }) => res.json().dados;

describe('search treats %, _ and \\ literally', () => {
  it('wildcards and backslashes match only themselves', async () => {
    const p = h.prefix; // e.g. HXAB12
    const plain = await h.unit({ unidade: `${p}AZ1`, enderecoId: `${p}Q1` });
    const under = await h.unit({ unidade: `${p}_Z1`, enderecoId: `${p}Q2` });
    const pct = await h.unit({ unidade: `${p}%Z1`, enderecoId: `${p}Q3` });
    const slash = await h.unit({ unidade: `${p}\\Z1`, enderecoId: `${p}Q4` });
    const search = async (q: string) =>
      rowsOf(await h.list('amee', { lista: 'pre-validacao', q, per_page: 50 }))
        .map((r) => r.id)
        .sort();
    expect(await search(`${p}_`)).toEqual([under.id]);
    expect(await search(`${p}%`)).toEqual([pct.id]);
    expect(await search(`${p}\\`)).toEqual([slash.id]);
    expect(await search(`${p}\\Z`)).toEqual([slash.id]);
    expect(await search(`${p}A`)).toEqual([plain.id]);
    for (const q of ['%' + p, '_' + p.slice(1)]) expect(await search(q), q).toEqual([]);
    // Only signs is no search (issue 34): refused, naming the field.
    for (const q of ['%%', '__', '%_', '\\%', '\\\\', '\\_']) {
      const res = await h.list('amee', { lista: 'pre-validacao', q });
      expect(res.statusCode, q).toBe(422);
    }
    // case-insensitive prefix on both columns
    expect(await search(`${p.toLowerCase()}q`)).toEqual([plain.id, under.id, pct.id, slash.id].sort());
  });

  it('search strings that look like SQL or regex are plain text, never a 500', async () => {
    for (const q of [
      "' or 1=1 --",
      '"); drop table solicitacoes; --',
      '.*',
      '[a-z]',
      '(?i)',
      '$1',
      '\\x00',
      '😀😀',
      'ßß',
      'İİ',
    ]) {
      const res = await h.list('amee', { lista: 'pre-validacao', q });
      // Text with no letter or digit ('.*', emoji) is refused (issue 34); the rest is only text.
      if (searchTextProblem(q)) {
        expect(res.statusCode, q).toBe(422);
        continue;
      }
      expect(res.statusCode, q).toBe(200);
      expect(res.json().total, q).toBe(0);
    }
  });
});

describe('total, pages and page sizes', () => {
  it('the pages together hold exactly `total` rows, each once, for every list and filter', async () => {
    for (let i = 0; i < 7; i++) await h.unit({ unidade: `${h.prefix}T${i}` });
    for (let i = 0; i < 3; i++) await h.atStage(2, { unidade: `${h.prefix}F${i}` });
    for (let i = 0; i < 2; i++) await h.atStage(4, { unidade: `${h.prefix}A${i}` });
    const broken: string[] = [];
    for (const lista of ['pre-validacao', 'validacao-final', 'acompanhamento']) {
      for (const filtro of ['aguardando', 'ultima-semana', 'ativas', 'todas']) {
        const first = (await h.list('amee', { lista, filtro, q: h.prefix, per_page: 5 })).json();
        const seen: number[] = [];
        const pages = Math.ceil(first.total / 5) + 1;
        for (let page = 1; page <= pages; page++) {
          const res = await h.list('amee', { lista, filtro, q: h.prefix, per_page: 5, page });
          seen.push(...rowsOf(res).map((r) => r.id));
          if (res.json().total !== first.total) broken.push(`${lista}/${filtro} p${page}: total changed`);
        }
        if (seen.length !== first.total)
          broken.push(`${lista}/${filtro}: ${seen.length} rows vs total ${first.total}`);
        if (new Set(seen).size !== seen.length)
          broken.push(`${lista}/${filtro}: duplicate rows across pages`);
        const stored = await h.t.app.db.select().from(solicitacoes);
        const expected = stored
          .filter((s) => s.unidade?.startsWith(h.prefix))
          .filter((s) => {
            const stage = { 'pre-validacao': 1, 'validacao-final': 2, acompanhamento: 3 }[lista]!;
            if (filtro === 'ativas') return s.posEtapa === 4;
            if (filtro === 'todas') return s.posEtapa !== null && s.posEtapa >= stage;
            return s.posEtapa === stage;
          });
        if (expected.length !== first.total)
          broken.push(`${lista}/${filtro}: total ${first.total}, stored ${expected.length}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('paging past the end is an empty page with the right total; the largest page number is not a 500', async () => {
    const all = (await h.list('amee', { lista: 'pre-validacao', per_page: 50 })).json();
    for (const page of [1000, 2 ** 31 - 1, '2147483647']) {
      const res = await h.list('amee', { lista: 'pre-validacao', per_page: 50, page });
      expect(res.statusCode, `${page}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ total: all.total, dados: [] });
    }
  });

  it('page sizes: 5, 10, 25, 50 (number or string) accepted, anything else 4xx naming it', async () => {
    for (const per_page of [5, 10, 25, 50, '25']) {
      const res = await h.list('amee', { lista: 'pre-validacao', per_page });
      expect(res.statusCode, String(per_page)).toBe(200);
      expect(res.json().dados.length).toBeLessThanOrEqual(Number(per_page));
    }
    for (const per_page of [1, 4, 6, 11, 24, 51, 100, 0, -5, 5.5, 1e9, 'all', null]) {
      const res = await h.list('amee', { lista: 'pre-validacao', per_page });
      expect(res.statusCode, String(per_page)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(per_page)).toBeLessThan(500);
    }
  });

  it('a water unit or an ownership change never appears in any list', async () => {
    const water = await h.unit({ fluxo: 'agua', unidade: `${h.prefix}W1` });
    const change = await h.unit({ tipo: 'troca', unidade: `${h.prefix}W2` });
    for (const lista of ['pre-validacao', 'validacao-final', 'acompanhamento']) {
      for (const filtro of ['aguardando', 'ultima-semana', 'ativas', 'todas']) {
        const ids = rowsOf(await h.list('amee', { lista, filtro, q: `${h.prefix}W`, per_page: 50 })).map(
          (r) => r.id,
        );
        expect(ids).not.toContain(water.id);
        expect(ids).not.toContain(change.id);
      }
    }
    void eq;
  });
});
