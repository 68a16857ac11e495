import { eq, sql } from 'drizzle-orm';
import { SEARCH_NO_LETTERS, SEARCH_TOO_LONG } from '@portal/domain';
import type { SearchReply } from '@portal/domain/contracts/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regularizacoes, solicitacoes } from '../../src/db/schema.ts';
import { seedDemoRequests } from '../../src/db/seed/demo-requests.ts';
import { bearer, createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';
import { call } from '../support/requests.ts';
import { insertRows } from '../hostile/support.ts';

/**
 * Issue 34, search by anything: GET /api/busca over the four request forms and the
 * regularizations, grouped by form, within the session's scope; the same matching in the lists'
 * and the reports' boxes. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let tok: Record<string, string> = {};
/** Request nº 1 of the demo seed: Rua Vergueiro, 3185, Vila Mariana, São Paulo, CNPJ 31.447.205/…. */
let first: { id: number; cnpjTim: string; cep: string | null };
let rioId: number;
let regularization: { id: number; unidade: string; cidade: string | null };

beforeAll(async () => {
  t = await createTestApp();
  // The demo's dozen requests, made through the engine's own use cases as a fresh demo makes them.
  await seedDemoRequests({ db: t.app.db, storage: t.app.storage });
  tok = await loginDemo(t.app, ['admin', 'celula', 'regional', 'amee', 'tower', 'solicitante', 'consulta']);
  const [row] = await t.app.db
    .select({ id: solicitacoes.id, cnpjTim: solicitacoes.cnpjTim, cep: solicitacoes.cep })
    .from(solicitacoes)
    .where(eq(solicitacoes.endereco, 'Rua Vergueiro'));
  first = { id: row!.id, cnpjTim: row!.cnpjTim!, cep: row!.cep };
  // A request of another regional (TRJ, 5) and another company, with a street of its own.
  rioId = (await insertRows(t.app, [{ regional: 5, uf: 'RJ', idEmpresa: null, unidade: 'RIOBUSCA1' }]))[0]!;
  await t.app.db
    .update(solicitacoes)
    .set({ endereco: 'Rua Visconde de Pirajá', municipio: 'Rio de Janeiro', bairro: 'Ipanema' })
    .where(eq(solicitacoes.id, rioId!));
  const [reg] = await t.app.db
    .select({ id: regularizacoes.id, unidade: regularizacoes.unidade, cidade: regularizacoes.cidade })
    .from(regularizacoes)
    .where(eq(regularizacoes.fluxo, 'energia'))
    .orderBy(regularizacoes.id)
    .limit(1);
  regularization = reg!;
}, 120_000);
afterAll(() => t.close());

const busca = (q: string, who = 'celula', extra = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/busca?q=${encodeURIComponent(q)}${extra}`,
    headers: bearer(tok[who]!),
  });

/** The ids found in one group (empty when the group is absent). */
async function found(q: string, who = 'celula', group = 'energia.nova'): Promise<number[]> {
  const res = await busca(q, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as SearchReply;
  return body.dados.grupos.find((g) => g.grupo === group)?.itens.map((i) => i.id) ?? [];
}

describe('GET /api/busca finds request nº 1 by what people say on the phone', () => {
  it('is request nº 1 of the seed, in São Paulo, under the client CNPJ 31.447.205/…', () => {
    expect(first.id).toBe(1);
    expect(first.cnpjTim.startsWith('31447205')).toBe(true);
  });

  it('by its street: Vergueiro, vergueiro, VERGUEIRO, "rua vergueiro 3185"', async () => {
    for (const q of ['Vergueiro', 'vergueiro', 'VERGUEIRO', 'rua vergueiro 3185', '3185 Vergueiro'])
      expect(await found(q), q).toEqual([first.id]);
  });

  it('by its CNPJ with or without the mask (31.447.205 and 31447205), and the whole of it', async () => {
    // Every demo unit is requested under the client's CNPJ: the words narrow it to nº 1.
    const c = first.cnpjTim;
    const masked = `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
    for (const q of ['31.447.205', '31447205', c, masked, masked.slice(0, 15)])
      expect(await found(`${q} Vergueiro`), q).toEqual([first.id]);
    // Alone, the CNPJ finds the newest units of that CNPJ, and says there are more.
    const res = await busca('31.447.205');
    const group = (res.json() as SearchReply).dados.grupos.find((g) => g.grupo === 'energia.nova')!;
    expect(group.itens.length).toBe(5);
    expect(group.mais).toBe(true);
  });

  it('accents and case aside: "sao paulo" finds São Paulo, "VILA MARIANA" and "vila mariána" Vila Mariana', async () => {
    const res = await busca('sao paulo');
    const hits = (res.json() as SearchReply).dados.grupos.flatMap((g) => g.itens);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.detalhe).toContain('São Paulo');
    expect(await found('sao paulo vergueiro')).toEqual([first.id]);
    expect(await found('VILA MARIANA 3185')).toEqual([first.id]);
    expect(await found('vila mariána vergueiro')).toEqual([first.id]);
  });

  it('by unit, meter, site id, number with district, and requester and company names', async () => {
    const [row] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, first.id));
    for (const q of [row!.unidade!, row!.numeroMedidor!, row!.siteId!])
      expect(await found(q), q).toEqual([first.id]);
    // The requester's and its company's names, narrowed by the street.
    for (const q of ['Sofia Solicitante', 'sofia', 'Conecta', 'sólicitante'])
      expect(await found(`${q} vergueiro`), q).toEqual([first.id]);
  });

  it('answers each hit with its status, its label and the link of its record', async () => {
    const res = await busca('Vergueiro');
    const group = (res.json() as SearchReply).dados.grupos.find((g) => g.grupo === 'energia.nova')!;
    expect(group.titulo).toBe('UC Nova');
    expect(group.itens[0]).toMatchObject({
      id: first.id,
      status: 0,
      link: `/cadastro-uc-nova/nova/${first.id}`,
    });
    expect(group.itens[0]!.status_rotulo.length).toBeGreaterThan(0);
    expect(group.itens[0]!.detalhe).toContain('Rua Vergueiro, 3185');
    expect(group.link_lista).toBe('/cadastro-uc-nova?q=Vergueiro');
  });

  it('finds water requests in their own group', async () => {
    const res = await busca('Cupecê');
    const groups = (res.json() as SearchReply).dados.grupos;
    expect(groups.map((g) => g.grupo)).toEqual(['agua.nova']);
    expect(groups[0]!.itens[0]!.link).toMatch(/^\/agua\/cadastro-uc-nova\/nova\/\d+$/);
  });

  it('finds regularizations by unit and city for the cell, linking to their record', async () => {
    const res = await busca(regularization.unidade);
    const group = (res.json() as SearchReply).dados.grupos.find((g) => g.grupo === 'consolidacao.energia');
    expect(group?.itens.map((i) => i.id)).toContain(regularization.id);
    expect(group!.itens.find((i) => i.id === regularization.id)!.link).toBe(
      `/consolidacao/cadastro/${regularization.id}/editar`,
    );
  });

  it('says "mais" when a group has more than it shows', async () => {
    const res = await busca('31447205', 'admin');
    const group = (res.json() as SearchReply).dados.grupos.find((g) => g.grupo === 'energia.nova')!;
    expect(group.itens).toHaveLength(5);
    expect(group.mais).toBe(true);
  });
});

describe('scope, forged ids and roles', () => {
  it('the requester sees its own company’s request; the tower (another company) does not', async () => {
    expect(await found('Vergueiro', 'solicitante')).toEqual([first.id]);
    expect(await found('Vergueiro', 'tower')).toEqual([]);
  });

  it('the regional sees its regional’s request (TSP), not another regional’s (TRJ); the cell sees both', async () => {
    expect(await found('Vergueiro', 'regional')).toEqual([first.id]);
    expect(await found('Pirajá', 'regional')).toEqual([]);
    expect(await found('Pirajá', 'celula')).toEqual([rioId]);
  });

  it('ids forged into the query widen nothing', async () => {
    const [row] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, first.id));
    const forged = `&id_empresa=${row!.idEmpresa}&regional=7&regionais=7&id_grupo=22845207&empresa=${row!.idEmpresa}`;
    const res = await busca('Vergueiro', 'tower', forged);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SearchReply).dados.grupos).toEqual([]);
    const regional = await busca('Pirajá', 'regional', '&regional=5&regionais=5');
    expect((regional.json() as SearchReply).dados.grupos).toEqual([]);
  });

  it('the read-only profile searches (reading is its job)', async () => {
    expect(await found('Vergueiro', 'consulta')).toEqual([first.id]);
  });

  it('regularizations only to whoever opens their list: the cell yes, the requester and the regional no', async () => {
    const groups = async (who: string) =>
      ((await busca(regularization.unidade, who)).json() as SearchReply).dados.grupos.map((g) => g.grupo);
    expect(await groups('celula')).toContain('consolidacao.energia');
    expect(await groups('solicitante')).not.toContain('consolidacao.energia');
    expect(await groups('regional')).not.toContain('consolidacao.energia');
  });

  it('without a session: 401, and nothing is searched', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/busca?q=Vergueiro' });
    expect(res.statusCode).toBe(401);
  });
});

describe('look-alike characters and bad input', () => {
  it('fullwidth digits are the digits they look like: ３１４４７２０５ finds the CNPJ', async () => {
    expect(await found('３１４４７２０５ Vergueiro')).toEqual([first.id]);
    expect(await found('ＶＥＲＧＵＥＩＲＯ')).toEqual([first.id]);
  });

  it('a Cyrillic "е" is not the Latin "e": Vеrgueiro finds nothing (200, not an error)', async () => {
    expect(await found('V\u0435rgueiro')).toEqual([]);
  });

  it('LIKE wildcards are literal: "%%%a" and "___" find nothing beyond what they say', async () => {
    expect(await found('Verg%iro')).toEqual([]);
    expect(await found('Verg_eiro')).toEqual([]);
  });

  it('only punctuation is refused with a Portuguese message naming the field (422, campo q)', async () => {
    for (const q of ['...', '-/-', '%%%', ' . ']) {
      const res = await busca(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json(), q).toMatchObject({ error: 1, msg: SEARCH_NO_LETTERS, campo: 'q' });
    }
  });

  it('over 100 characters is refused (422, campo q); 100 is searched', async () => {
    const res = await busca('a'.repeat(101));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 1, msg: SEARCH_TOO_LONG, campo: 'q' });
    expect((await busca('a'.repeat(100))).statusCode).toBe(200);
  });

  it('a NUL byte is a 4xx naming q, never a 500', async () => {
    const res = await busca('Verg\u0000ueiro');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ error: 1, campo: 'q' });
  });

  it('a missing q is refused naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/busca', headers: bearer(tok.celula!) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 1, campo: 'q' });
  });

  it('one or two characters match the start of the ids, not anywhere', async () => {
    // 'RI' starts Rio's unit RIOBUSCA1; 'IO' is inside it but starts nothing.
    expect(await found('RI')).toEqual([rioId]);
    expect(await found('io')).toEqual([]);
  });
});

describe('the same matching in the lists and the reports', () => {
  const list = async (url: string, q: string, who = 'celula') => {
    const res = await call(t.app, tok[who]!, url, { q, per_page: 50 });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { dados: { id: number }[] }).dados.map((r) => r.id);
  };

  it('the request list’s box finds request nº 1 by street, masked and bare CNPJ, city without accent', async () => {
    for (const q of ['Vergueiro', '31.447.205', '31447205', 'sao paulo', 'Sofia'])
      expect(await list('/api/novas-unidades/list', q), q).toContain(first.id);
    expect(await list('/api/novas-unidades/list', 'Vergueiro', 'tower')).toEqual([]);
  });

  it('a long text of many words is one statement of its own (a prepared name within 63 characters)', async () => {
    const many =
      'rua vergueiro 3185 vila mariana sao paulo 31447205 sofia conecta solicitante mariana vergueiro';
    expect(await list('/api/novas-unidades/list', many)).toEqual([first.id]);
    expect(await list('/api/novas-unidades/list', `${many} zzzz`)).toEqual([]);
  });

  it('the list refuses only punctuation with the same message (422, campo q)', async () => {
    const res = await call(t.app, tok.celula!, '/api/novas-unidades/list', { q: '...' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ msg: SEARCH_NO_LETTERS, campo: 'q' });
  });

  it('the regularization list’s box finds by city or part of the unit', async () => {
    const part = regularization.unidade.slice(1, 5);
    expect(await list('/api/consolidacao/list', part)).toContain(regularization.id);
    if (regularization.cidade)
      expect(await list('/api/consolidacao/list', regularization.cidade.toUpperCase())).toContain(
        regularization.id,
      );
  });

  it('the report’s box matches part of a CEP or of an Endereço ID, and the street', async () => {
    const report = async (q: string) => {
      const res = await call(t.app, tok.celula!, '/api/novas-unidades/relatorio', { q, per_page: 50 });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { dados: { id: number }[] }).dados.map((r) => r.id);
    };
    expect(await report('Vergueiro')).toContain(first.id);
    expect(await report('31.447.205')).toContain(first.id);
    // Part of an Endereço ID ('TSPDEM00' of 'TSPDEM002') and of a CEP, not only the whole of one.
    const [moved] = await t.app.db
      .select({ id: solicitacoes.id, enderecoId: solicitacoes.enderecoId })
      .from(solicitacoes)
      .where(sql`${solicitacoes.enderecoId} like 'TSPDEM%'`)
      .limit(1);
    expect(await report(moved!.enderecoId!.slice(0, 8).toLowerCase())).toContain(moved!.id);
    await t.app.db.update(solicitacoes).set({ cep: '04101300' }).where(eq(solicitacoes.id, first.id));
    expect(await report('04101')).toContain(first.id);
    expect(await report('04101-300')).toContain(first.id);
  });
});
