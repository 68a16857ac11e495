import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import { concessionarias, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';
import { insertRows } from '../hostile/support.ts';

/**
 * Issue 15, point 2: a request list filtered by several statuses, regional, UF, concessionaire and
 * period, searched by contains over unit, address id, site id and requester — and what a hostile
 * client tries against those filters. Scope always comes from the session.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
/** Requests by name: created by the requester (regional TSP, SP, Enel) unless moved below. */
const ids: Record<string, number> = {};
let otherConcessionaire = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula', 'tower', 'consulta', 'property'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  const add = async (name: string, token: string, overrides: Record<string, unknown>) => {
    const res = await call(t.app, token, '/api/novas-unidades/add', await newUnitPayload(t.app, overrides));
    expect(res.statusCode, res.body).toBe(200);
    ids[name] = res.json().dados.id;
  };
  await add('lote', tokens.solicitante!, { unidade: 'ERB Lote 14', site_id: 'SITEA' });
  await add('lote2', tokens.solicitante!, { unidade: 'LOTE 140', site_id: 'SITEB' });
  await add('rio', tokens.solicitante!, { unidade: 'UCRIO1', site_id: 'SITEC' });
  await add('recusada', tokens.solicitante!, { unidade: 'UCREC1', site_id: 'SITED' });
  await add('sublinhado', tokens.solicitante!, { unidade: 'UC-14X', site_id: 'SITEE' });
  await add('property', tokens.property!, { unidade: 'PROP1', site_id: 'PROPSITE', tipo_de_loja: 1 });
  // Rio: regional TRJ (5), UF RJ, another concessionaire, asked for on 9 March 2026 at 23:00 in
  // Brasília (02:00 UTC on the 10th): the period reads the portal's clock, not UTC.
  const [enelRio] = await t.app.db
    .select({ id: concessionarias.id })
    .from(concessionarias)
    .where(eq(concessionarias.nome, 'Enel Distribuição Rio'));
  otherConcessionaire = enelRio!.id;
  await t.app.db
    .update(solicitacoes)
    .set({
      regional: 5,
      uf: 'RJ',
      idConcessionaria: otherConcessionaire,
      dataPedido: new Date('2026-03-10T02:00:00Z'),
    })
    .where(eq(solicitacoes.id, ids.rio!));
  await t.app.db.update(solicitacoes).set({ status: 3 }).where(eq(solicitacoes.id, ids.recusada!));
  // A unit stored before identifiers were restricted (migration 0015 leaves what it cannot fold):
  // the search must still read '_' literally.
  await t.app.db.update(solicitacoes).set({ unidade: 'UC_14X' }).where(eq(solicitacoes.id, ids.sublinhado!));
  await t.app.db
    .update(usuarios)
    .set({ name: 'Paulo Conceição' })
    .where(eq(usuarios.email, 'property@demo.portal'));
}, 120_000);
afterAll(() => t.close());

interface Page {
  dados: { id: number; unidade: string; status: number; solicitante: string; regional_nome: string }[];
  total: number;
  total_limitado: boolean;
}
const list = (who: string, body: Record<string, unknown> = {}) =>
  call(t.app, tokens[who]!, '/api/novas-unidades/list', { per_page: 50, ...body });
const page = async (who: string, body: Record<string, unknown> = {}) => {
  const res = await list(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const idsOf = (p: Page) => p.dados.map((r) => r.id).sort((a, b) => a - b);
const sorted = (...names: string[]) => names.map((n) => ids[n]!).sort((a, b) => a - b);

describe('request list filters (issue 15)', () => {
  it('several statuses at once, as a list or as the URL writes them; the total counts them all', async () => {
    const both = await page('celula', { status: [1, 3] });
    expect(both.dados.every((r) => [1, 3].includes(r.status))).toBe(true);
    expect(both.dados.map((r) => r.id)).toContain(ids.recusada);
    expect(both.total).toBe(both.dados.length);
    expect(await page('celula', { status: '3,1' })).toEqual(both);
    expect(idsOf(await page('celula', { status: 3 }))).toEqual([ids.recusada]);
  });

  it('a regional narrows the list to its requests and its total to theirs', async () => {
    const rio = await page('celula', { regional: 5 });
    expect(idsOf(rio)).toEqual([ids.rio]);
    expect(rio.total).toBe(1);
    expect(rio.dados[0]!.regional_nome).toBe('TRJ');
    expect((await page('celula', { regional: 5, status: [3] })).total).toBe(0);
  });

  it('a regional outside the user’s scope does not widen it: nothing comes back', async () => {
    // The regional user covers TSP (7) only; the Rio request is TRJ (5).
    const outside = await page('regional', { regional: 5 });
    expect(outside).toEqual({ error: 0, dados: [], total: 0, total_limitado: false });
    const ownCompany = await page('solicitante', { regional: 7 });
    expect(ownCompany.dados.map((r) => r.id)).not.toContain(ids.property);
    expect((await page('tower', { regional: 7 })).total).toBe(0);
  });

  it('UF (any case) and concessionaire filter the rows, and the total counts only the matches', async () => {
    const rj = await page('celula', { uf: 'rj' });
    expect(idsOf(rj)).toEqual([ids.rio]);
    expect(rj.total).toBe(1);
    const byConcessionaire = await page('celula', { concessionaria: otherConcessionaire });
    expect(idsOf(byConcessionaire)).toEqual([ids.rio]);
    expect(byConcessionaire.total).toBe(1);
    const sp = await page('celula', { uf: 'SP' });
    expect(sp.dados.map((r) => r.id)).not.toContain(ids.rio);
    expect(sp.total).toBe(sp.dados.length);
  });

  it('the period is inclusive and read on the Brasília clock', async () => {
    // 23:00 of 9 March in Brasília is 02:00 of the 10th in UTC.
    expect(idsOf(await page('celula', { de: '2026-03-09', ate: '2026-03-09' }))).toEqual([ids.rio]);
    expect((await page('celula', { de: '2026-03-10', ate: '2026-03-10' })).total).toBe(0);
    const fromToday = await page('celula', { de: '2026-03-10' });
    expect(fromToday.dados.map((r) => r.id)).not.toContain(ids.rio);
    expect(fromToday.total).toBe(fromToday.dados.length);
    expect(idsOf(await page('celula', { ate: '2026-03-09' }))).toEqual([ids.rio]);
  });

  it('filters combine: each narrows the others', async () => {
    expect((await page('celula', { uf: 'RJ', status: [3] })).total).toBe(0);
    expect(idsOf(await page('celula', { uf: 'SP', status: [3], q: 'UCREC' }))).toEqual([ids.recusada]);
  });
});

describe('contains-search (issue 15)', () => {
  it('finds the text anywhere in the unit, ignoring case: "Lote 14" finds "ERB Lote 14"', async () => {
    expect(idsOf(await page('celula', { q: 'Lote 14' }))).toEqual(sorted('lote', 'lote2'));
    expect(idsOf(await page('celula', { q: 'lote 14' }))).toEqual(sorted('lote', 'lote2'));
    // Issue 34: every word of three characters or more, anywhere; a shorter one beside it narrows nothing.
    expect(idsOf(await page('celula', { q: 'rb ote' }))).toEqual(sorted('lote', 'lote2'));
  });

  it('finds the text in the site id and the address id', async () => {
    expect(idsOf(await page('celula', { q: 'itea' }))).toEqual([ids.lote]);
    const [row] = await t.app.db
      .select({ enderecoId: solicitacoes.enderecoId })
      .from(solicitacoes)
      .where(eq(solicitacoes.id, ids.rio!));
    expect(idsOf(await page('celula', { q: row!.enderecoId!.slice(2, 8) }))).toContain(ids.rio);
  });

  it('finds the requester by name, accents and case aside', async () => {
    expect(idsOf(await page('celula', { q: 'conceicao' }))).toEqual([ids.property]);
    expect(idsOf(await page('celula', { q: 'CONCEIÇÃO' }))).toEqual([ids.property]);
    const sofia = await page('celula', { q: 'sofia sol' });
    expect(idsOf(sofia)).toEqual(sorted('lote', 'lote2', 'rio', 'recusada', 'sublinhado'));
    expect(sofia.dados[0]!.solicitante).toBe('Sofia Solicitante');
  });

  it('a search stays inside the scope: the requester’s company never sees another company’s match', async () => {
    expect((await page('solicitante', { q: 'conceicao' })).total).toBe(0);
    expect((await page('regional', { q: 'UCRIO' })).total).toBe(0);
  });

  it('% and _ are plain characters, not wildcards', async () => {
    expect(idsOf(await page('celula', { q: 'C_14' }))).toEqual([ids.sublinhado]);
    // Only signs is no search (issue 34): refused, naming the field.
    expect((await list('celula', { q: '%%' })).statusCode).toBe(422);
    expect((await page('celula', { q: 'L%4' })).total).toBe(0);
  });

  it('SQL-looking text is only text', async () => {
    for (const q of ["' or 1=1 --", "x'); drop table solicitacoes; --", "UC' || '"]) {
      expect(await page('celula', { q }), q).toMatchObject({ dados: [], total: 0 });
    }
    expect((await list('celula', { q: '\\\\' })).statusCode).toBe(422);
    const [row] = await t.app.db.select({ n: count() }).from(solicitacoes);
    expect(row!.n).toBe(6);
  });

  it('two characters match the start of the unit, address id and site id; three match anywhere', async () => {
    // 'ER' starts 'ERB Lote 14' only; 'RB' is inside it (and nowhere at a start): too short to look inside.
    expect(idsOf(await page('celula', { q: 'er' }))).toEqual([ids.lote]);
    expect((await page('celula', { q: 'RB' })).total).toBe(0);
    // Issue 34: with no word of three characters, the text looks at the identifiers' start only
    // ('RB L' is inside 'ERB Lote 14', at no start).
    expect((await page('celula', { q: 'RB L' })).total).toBe(0);
    expect((await page('celula', { q: 'ul' })).total).toBe(0);
    expect(idsOf(await page('celula', { q: 'PR' }))).toEqual([ids.property]);
    // A wildcard stays literal at the start too: 'U_' would otherwise be every 'UC…'.
    expect((await page('celula', { q: 'U_' })).total).toBe(0);
  });

  it('a search pages forward after a row like its page by number', async () => {
    // SITEA…SITEE and PROPSITE: six matches, five a page.
    const search = { q: 'site', per_page: 5 };
    const first = await page('celula', { ...search, page: 1 });
    const byNumber = await page('celula', { ...search, page: 2 });
    const after = await page('celula', { ...search, page: 2, apos: first.dados.at(-1)!.id });
    expect(after.dados.map((r) => r.id)).toEqual(byNumber.dados.map((r) => r.id));
    expect(after.dados).toHaveLength(1);
    expect(after.total).toBe(6);
  });

  it('a text search counts its matches up to ten pages past the one asked (at least 1,000), then says "more than"', async () => {
    await insertRows(
      t.app,
      Array.from({ length: 1005 }, (_, i) => ({ unidade: `MASSA${i}`, siteId: `MS${i}` })),
    );
    try {
      const first = await page('celula', { q: 'massa', per_page: 10 });
      expect([first.total, first.total_limitado, first.dados.length]).toEqual([1000, true, 10]);
      // Page 100 of 10 counts up to 1,090: the 1,005 matches, exact again.
      const deep = await page('celula', { q: 'massa', per_page: 10, page: 100 });
      expect([deep.total, deep.total_limitado, deep.dados.length]).toEqual([1005, false, 10]);
      // Past the end, the total read alone is capped the same way.
      const past = await page('celula', { q: 'massa', per_page: 10, page: 500 });
      expect([past.total, past.total_limitado, past.dados]).toEqual([1005, false, []]);
      // Filters the counters keep stay exact however many rows they hold.
      const all = await page('celula', { per_page: 10 });
      expect([all.total, all.total_limitado]).toEqual([1011, false]);
    } finally {
      await t.app.db.delete(solicitacoes).where(like(solicitacoes.unidade, 'MASSA%'));
    }
  });
});

describe('sort by last update (issue 15)', () => {
  it('the request saved last comes first, and paging after it continues in that order', async () => {
    await t.app.db
      .update(solicitacoes)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(solicitacoes.id, ids.lote2!));
    const recent = await page('celula', { sort: 'atualizado_em', order: 'desc', per_page: 5 });
    expect(recent.dados[0]!.id).toBe(ids.lote2);
    const byNumber = await page('celula', { sort: 'atualizado_em', order: 'desc', per_page: 5, page: 2 });
    const after = await page('celula', {
      sort: 'atualizado_em',
      order: 'desc',
      per_page: 5,
      page: 2,
      apos: recent.dados.at(-1)!.id,
    });
    expect(after.dados.map((r) => r.id)).toEqual(byNumber.dados.map((r) => r.id));
    expect(after.dados).toHaveLength(1);
  });
});

describe('hostile filters: refused with the field named, never reaching SQL', () => {
  const refused = async (body: Record<string, unknown>, campo: string) => {
    const res = await list('celula', body);
    expect([400, 422], `${JSON.stringify(body)} → ${res.body}`).toContain(res.statusCode);
    expect(res.json(), JSON.stringify(body)).toMatchObject({ error: 1, campo });
    return res.json().msg as string;
  };

  it('unknown status codes, alone or among known ones', async () => {
    for (const status of [99, 11, -1, 1.5, 'abc', '1,99', [1, 'x'], [1, null], { 0: 1 }, '1;2', true])
      expect(await refused({ status }, 'status')).toBe('Status inválido.');
  });

  it('a huge status list is refused before its items are read', async () => {
    expect(await refused({ status: Array.from({ length: 10_000 }, () => 1) }, 'status')).toMatch(
      /no máximo 16 status/,
    );
    expect(await refused({ status: '1,'.repeat(5000) + '1' }, 'status')).toBe('Status inválido.');
  });

  it('wrong types and values of regional, UF, concessionaire and period', async () => {
    for (const regional of ['abc', 0, -5, 1.5, 2 ** 40, [5], { id: 5 }, '5 or 1=1'])
      await refused({ regional }, 'regional');
    for (const uf of ['XX', 'São', 12, ['SP'], "SP' or '1'='1", 'S'.repeat(10_000)])
      await refused({ uf }, 'uf');
    for (const concessionaria of ['Light', -1, 1e20, [1]])
      await refused({ concessionaria }, 'concessionaria');
    for (const de of ['2026-02-30', 'ontem', 20260101, '0000-01-01', '2026-1-1', ['2026-01-01']])
      await refused({ de }, 'de');
    expect(await refused({ de: '2026-03-02', ate: '2026-03-01' }, 'ate')).toBe(
      'A data inicial deve ser anterior ou igual à data final.',
    );
  });

  it('a search longer than the limit is refused with a 400 in Portuguese, not cut', async () => {
    const res = await list('celula', { q: `Lote 14${'a'.repeat(94)}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      error: 1,
      campo: 'q',
      msg: 'A busca pode ter no máximo 100 caracteres.',
    });
    // Had it been cut to 100 it would have searched and answered 200; at the limit it does search.
    expect((await list('celula', { q: 'a'.repeat(100) })).statusCode).toBe(200);
    // The limit is on the text searched: spaces around it are not counted.
    expect((await list('celula', { q: `  ${'a'.repeat(100)}  ` })).statusCode).toBe(200);
  });

  it('scope ids in the body change nothing: the session decides', async () => {
    const own = await page('regional');
    expect(
      await page('regional', { id_regional: 5, id_empresa: 1, regionais: [1, 2, 3, 4, 5, 6, 7] }),
    ).toEqual(own);
    expect(own.dados.map((r) => r.id)).not.toContain(ids.rio);
  });

  it('profile 3 Consulta reads the same filtered list, read-only', async () => {
    const consulta = await page('consulta', { status: [3] });
    expect(idsOf(consulta)).toEqual([ids.recusada]);
  });
});

describe('the list export takes the same filters', () => {
  it('several statuses, UF and search as the URL writes them; refuses what the list refuses', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/novas-unidades/list/exportar?status=1,3&uf=SP&q=UCREC&formato=csv',
      headers: bearer(tokens.celula!),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('UCREC1');
    expect(res.body).not.toContain('UCRIO1');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/novas-unidades/list/exportar?status=1,99',
      headers: bearer(tokens.celula!),
    });
    expect(bad.json()).toMatchObject({ error: 1, campo: 'status' });
  });

  it('a regional outside the scope exports nothing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/novas-unidades/list/exportar?regional=5&formato=csv',
      headers: bearer(tokens.regional!),
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body.trim().split('\n');
    expect(rows).toHaveLength(1);
  });
});
