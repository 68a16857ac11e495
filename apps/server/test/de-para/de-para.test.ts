import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSee, clientCnpjForUf, STALE_VERSION, type SessionUser } from '@portal/domain';
import { checkBaseRow, CLIENT_COMPANY_NAME, deParaKey } from '@portal/domain/reconciliation';
import { auditLog, dePara, regionais } from '../../src/db/schema.ts';
import { rowContext } from '../../src/modules/conciliacao/repo.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { lastAudit, signedIn, type Reply } from '../admin/support.ts';

/**
 * /de-para (issue 11 item 3): the provider's values and the portal's they stand for. List, add,
 * edit and delete behind the screen's menu rule, each audited, with optimistic versions; the
 * next import of the provider's base translates with them.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let amee: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
  amee = await signedIn(t.app, 'amee@demo.portal');
});
afterAll(() => t.close());

const FORBIDDEN = { error: 1, msg: 'Você não tem permissão para esta ação.' };
const ENEL_SP = 'Enel Distribuição São Paulo';

const mappingCount = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(dePara))[0]!.n;
const auditCount = async () =>
  (
    await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.entidade, 'de-para'))
  )[0]!.n;
const regionalId = async (sigla: string) =>
  (await t.app.db.select().from(regionais).where(eq(regionais.regional, sigla)))[0]!.id;

/** Runs a call that must be refused and checks that it left the table and the audit log as they were. */
async function refusedWithoutWriting(call: () => Promise<Reply>): Promise<Reply> {
  const [mappings, audits] = [await mappingCount(), await auditCount()];
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body.error).toBe(1);
  expect(await mappingCount()).toBe(mappings);
  expect(await auditCount()).toBe(audits);
  return res;
}

const created = (res: Reply) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.dados as {
    id: number;
    version: number;
    tipo: string;
    de: string;
    para: string;
    para_rotulo: string;
  };
};

describe('who reaches /de-para', () => {
  const CALLS: [method: 'GET' | 'POST', url: string][] = [
    ['POST', '/de-para/list'],
    ['GET', '/de-para/opcoes'],
    ['POST', '/de-para/add'],
    ['POST', '/de-para/edit'],
    ['POST', '/de-para/delete'],
  ];
  const USERS = ['admin', 'celula', 'amee', 'regional', 'tower', 'property', 'solicitante', 'consulta'];

  it('[ACCESS]: the provider operator, the célula and the administrator only; never Consulta', async () => {
    const allowed: string[] = [];
    for (const who of USERS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `${who}@demo.portal`, password: 'Portal@2026' },
      });
      if (canSee(res.json().user as SessionUser, 'de-para')) allowed.push(who);
    }
    expect(allowed).toEqual(['admin', 'celula', 'amee']);
  });

  it.each(['regional', 'tower', 'property', 'solicitante', 'consulta'])(
    '[ACCESS]: %s without the menu entry gets 403 before its body is validated, and nothing is written',
    async (who) => {
      const as = await signedIn(t.app, `${who}@demo.portal`);
      // Hostile bodies: an allowed caller would get 400/422 for each of them.
      const hostile = { id: 2 ** 31, tipo: 'xyz', de: 'x'.repeat(500), para: '\u0000' };
      for (const [method, url] of CALLS) {
        const res = await refusedWithoutWriting(() =>
          method === 'GET' ? as.get(url) : as.post(url, hostile),
        );
        expect(res, `${who} ${url}`).toEqual({ status: 403, body: FORBIDDEN });
      }
    },
  );

  it('[ACCESS]: Consulta (profile 3) cannot write, even a valid mapping', async () => {
    const consulta = await signedIn(t.app, 'consulta@demo.portal');
    const res = await refusedWithoutWriting(() =>
      consulta.post('/de-para/add', { tipo: 'tensao', de: 'BT consulta', para: 'Baixa' }),
    );
    expect(res.status).toBe(403);
  });

  it('[ACCESS]: without a session every call answers 401', async () => {
    for (const [method, url] of CALLS) {
      const res = await t.app.inject({
        method,
        url: `/api${url}`,
        ...(method === 'POST' && { payload: {} }),
      });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('[ACCESS]: the provider operator and the célula list and read the options', async () => {
    const celula = await signedIn(t.app, 'celula@demo.portal');
    expect((await celula.post('/de-para/list')).body).toMatchObject({ error: 0, total: expect.any(Number) });
    const options = (await amee.get('/de-para/opcoes')).body.dados;
    expect(options.concessionarias).toContainEqual({ nome: ENEL_SP, fluxo: 'energia' });
    expect(options.regionais).toContainEqual({ id: await regionalId('TSP'), regional: 'TSP' });
  });
});

describe('[AMEE][CREATE] a mapping', () => {
  it('a concessionaire maps to a registered name, stored as registered; audited as criar', async () => {
    const row = created(
      await amee.post('/de-para/add', {
        tipo: 'concessionaria',
        de: '  ELETROPAULO ',
        para: 'enel distribuição são paulo',
      }),
    );
    expect(row).toMatchObject({
      tipo: 'concessionaria',
      de: 'ELETROPAULO',
      para: ENEL_SP,
      para_rotulo: ENEL_SP,
      version: 1,
    });
    expect(await lastAudit(t.app, 'de-para', row.id)).toMatchObject({
      acao: 'criar',
      antes: null,
      depois: { de: 'ELETROPAULO', para: ENEL_SP },
    });
  });

  it('a regional maps to an existing regional id; the list shows its code', async () => {
    const tsp = await regionalId('TSP');
    const row = created(
      await amee.post('/de-para/add', { tipo: 'regional', de: 'São Paulo Capital', para: tsp }),
    );
    expect(row).toMatchObject({ para: String(tsp), para_rotulo: 'TSP' });
  });

  it('a voltage label is stored as typed', async () => {
    expect(
      created(await amee.post('/de-para/add', { tipo: 'tensao', de: 'BT', para: 'Baixa' })),
    ).toMatchObject({
      para: 'Baixa',
    });
  });

  it('the same "de" may be mapped under another tipo', async () => {
    created(await amee.post('/de-para/add', { tipo: 'tensao', de: 'ELETROPAULO', para: 'Média' }));
  });
});

describe('refusals name the field in Portuguese and write nothing', () => {
  const valid = { tipo: 'tensao', de: 'AT-recusa', para: 'Alta' };

  it.each([
    ['an unknown tipo', { tipo: 'cidade' }, 'tipo', 422, 'O campo Tipo é inválido.'],
    ['a missing tipo', { tipo: '' }, 'tipo', 400, 'O campo Tipo é obrigatório.'],
    ['a blank de', { de: '   ' }, 'de', 400, 'O campo De (valor do provedor) é obrigatório.'],
    ['a missing para', { para: undefined }, 'para', 400, 'O campo Para (valor do portal) é obrigatório.'],
    [
      'a de longer than its column (120)',
      { tipo: 'concessionaria', de: 'x'.repeat(121), para: ENEL_SP },
      'de',
      400,
      /no máximo 120 caracteres/,
    ],
    [
      'a para longer than its column (120)',
      { tipo: 'concessionaria', para: 'x'.repeat(121) },
      'para',
      400,
      /no máximo 120 caracteres/,
    ],
    [
      'a regional de longer than the export column (40)',
      { tipo: 'regional', de: 'x'.repeat(41), para: 1 },
      'de',
      400,
      'O campo De (valor do provedor) pode ter no máximo 40 caracteres para o tipo Regional.',
    ],
    [
      'a voltage para longer than the base column (40)',
      { para: 'x'.repeat(41) },
      'para',
      400,
      'O campo Para (valor do portal) pode ter no máximo 40 caracteres para o tipo Tensão.',
    ],
    [
      'a NUL byte',
      { de: 'A\u0000B' },
      'de',
      422,
      'O campo De (valor do provedor) contém caracteres inválidos.',
    ],
    [
      'a lone surrogate',
      { para: 'Alta \ud800' },
      'para',
      422,
      'O campo Para (valor do portal) contém caracteres inválidos.',
    ],
    [
      'a concessionaire nobody registered',
      { tipo: 'concessionaria', para: 'Luz do Norte' },
      'para',
      422,
      'O campo Para (valor do portal) deve ser o nome de uma Concessionária cadastrada.',
    ],
    [
      'a regional by its code instead of its id',
      { tipo: 'regional', para: 'TSP' },
      'para',
      422,
      'O campo Para (valor do portal) deve ser uma Regional cadastrada.',
    ],
    [
      'a regional id nobody has',
      { tipo: 'regional', para: 99_999 },
      'para',
      422,
      'O campo Para (valor do portal) deve ser uma Regional cadastrada.',
    ],
    [
      'a regional id beyond 2^31-1',
      { tipo: 'regional', para: '2147483648' },
      'para',
      422,
      'O campo Para (valor do portal) deve ser uma Regional cadastrada.',
    ],
    ['a non-text de', { de: { $ne: 1 } }, 'de', 400, /De \(valor do provedor\)/],
  ])('%s', async (_case, change, campo, status, msg) => {
    const res = await refusedWithoutWriting(() => amee.post('/de-para/add', { ...valid, ...change }));
    expect(res).toMatchObject({ status, body: { error: 1, campo } });
    if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
    else expect(res.body.msg).toMatch(msg);
  });

  it.each([
    ['the same case', 'ELETROPAULO'],
    ['another case', 'eletropaulo'],
    ['spaces around', ' Eletropaulo  '],
  ])('a duplicate (tipo, de) is refused whatever the case: %s', async (_case, de) => {
    const res = await refusedWithoutWriting(() =>
      amee.post('/de-para/add', { tipo: 'concessionaria', de, para: ENEL_SP }),
    );
    expect(res).toMatchObject({
      status: 422,
      body: {
        campo: 'de',
        msg: 'O valor do campo De (valor do provedor) já está cadastrado para o tipo Concessionária.',
      },
    });
  });

  it('a duplicate differing only in accented capitals is refused too (the import folds them)', async () => {
    created(await amee.post('/de-para/add', { tipo: 'tensao', de: 'média tensão', para: 'Média' }));
    const res = await refusedWithoutWriting(() =>
      amee.post('/de-para/add', { tipo: 'tensao', de: 'MÉDIA TENSÃO', para: 'Média' }),
    );
    expect(res).toMatchObject({ status: 422, body: { campo: 'de' } });
  });

  it('two concurrent adds of one "de" in different cases: exactly one is saved', async () => {
    const [a, b] = await Promise.all([
      amee.post('/de-para/add', { tipo: 'regional', de: 'Concorrente', para: 1 }),
      admin.post('/de-para/add', { tipo: 'regional', de: 'CONCORRENTE', para: 2 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const rows = await t.app.db
      .select()
      .from(dePara)
      .where(sql`lower(${dePara.de}) = 'concorrente'`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['edit', '/de-para/edit', { ...valid, id: 2 ** 31 }],
    ['delete', '/de-para/delete', { id: 2 ** 31 }],
    ['read one', '/de-para/list', { id: 2 ** 31 }],
    ['edit with a fractional id', '/de-para/edit', { ...valid, id: 1.5 }],
  ])('an id beyond 2^31-1 or not whole is refused by name (%s)', async (_case, url, body) => {
    const res = await refusedWithoutWriting(() => amee.post(url, body));
    expect(res).toMatchObject({
      status: expect.any(Number),
      body: { error: 1, campo: 'id', msg: 'O campo ID é inválido.' },
    });
  });

  it('a list filter outside the catalog is refused by name', async () => {
    expect(await amee.post('/de-para/list', { tipo: 'cidade' })).toMatchObject({
      status: 422,
      body: { campo: 'tipo' },
    });
    expect(await amee.post('/de-para/list', { sort: 'constructor' })).toMatchObject({
      status: 422,
      body: { campo: 'sort' },
    });
  });
});

describe('[AMEE][EDIT] and [AMEE][DELETE]', () => {
  let row: ReturnType<typeof created>;
  beforeAll(async () => {
    row = created(await amee.post('/de-para/add', { tipo: 'tensao', de: 'MT', para: 'Média' }));
  });

  it('an edit on the current version saves, bumps the version and audits before and after', async () => {
    const res = await amee.post('/de-para/edit', { ...row, para: 'Média Tensão' });
    expect(res.body.dados).toMatchObject({ id: row.id, para: 'Média Tensão', version: row.version + 1 });
    expect(await lastAudit(t.app, 'de-para', row.id)).toMatchObject({
      acao: 'editar',
      antes: { para: 'Média', version: row.version },
      depois: { para: 'Média Tensão', version: row.version + 1 },
    });
    row = res.body.dados;
  });

  it('an edit on a stale version is refused (409) and changes nothing', async () => {
    const res = await refusedWithoutWriting(() =>
      admin.post('/de-para/edit', { ...row, version: row.version - 1, para: 'Perdida' }),
    );
    expect(res).toEqual({ status: 409, body: { error: 1, msg: STALE_VERSION } });
    expect((await amee.post('/de-para/list', { id: row.id })).body.dados).toMatchObject({
      para: 'Média Tensão',
      version: row.version,
    });
  });

  it('an edit may not take the "de" of another mapping of the same tipo', async () => {
    const res = await refusedWithoutWriting(() => amee.post('/de-para/edit', { ...row, de: 'bt' }));
    expect(res).toMatchObject({ status: 422, body: { campo: 'de' } });
  });

  it('an edit may change only the case of its own "de"', async () => {
    const res = await amee.post('/de-para/edit', { ...row, de: 'mt' });
    expect(res.body.dados).toMatchObject({ de: 'mt' });
    row = res.body.dados;
  });

  it('an edit of a mapping that does not exist is 404', async () => {
    const res = await refusedWithoutWriting(() => amee.post('/de-para/edit', { ...row, id: 2 ** 31 - 1 }));
    expect(res).toEqual({ status: 404, body: { error: 1, msg: 'De-Para não encontrado.' } });
  });

  it('a delete removes it and audits it; a second delete is 404 and writes no second audit row', async () => {
    const res = await amee.post('/de-para/delete', { id: row.id });
    expect(res.body).toEqual({ error: 0, msg: 'Apagado com sucesso!', desativado: false });
    expect(await lastAudit(t.app, 'de-para', row.id)).toMatchObject({ acao: 'apagar', antes: { de: 'mt' } });
    const again = await refusedWithoutWriting(() => amee.post('/de-para/delete', { id: row.id }));
    expect(again.status).toBe(404);
    expect((await amee.post('/de-para/list', { id: row.id })).status).toBe(404);
  });
});

describe('[AMEE][BROWSE] the list', () => {
  it('pages on the server with the total', async () => {
    const all = (await amee.post('/de-para/list', { per_page: 5 })).body;
    expect(all.total).toBeGreaterThan(5);
    expect(all.dados).toHaveLength(5);
    const second = (await amee.post('/de-para/list', { per_page: 5, page: 2 })).body;
    const ids = new Set(all.dados.map((r: { id: number }) => r.id));
    expect(second.dados.some((r: { id: number }) => ids.has(r.id))).toBe(false);
  });

  it('filters by tipo', async () => {
    const res = (await amee.post('/de-para/list', { tipo: 'concessionaria' })).body;
    expect(res.total).toBeGreaterThan(0);
    expect(res.dados.every((r: { tipo: string }) => r.tipo === 'concessionaria')).toBe(true);
  });

  it('searches de and para without case or accents, and a regional by its code', async () => {
    const byDe = (await amee.post('/de-para/list', { q: 'eletropaulo' })).body.dados;
    expect(byDe.map((r: { tipo: string }) => r.tipo).sort()).toEqual(['concessionaria', 'tensao']);
    const byPara = (await amee.post('/de-para/list', { q: 'distribuicao sao', tipo: 'concessionaria' })).body
      .dados;
    expect(byPara.map((r: { de: string }) => r.de)).toContain('ELETROPAULO');
    const byCode = (await amee.post('/de-para/list', { q: 'TSP', tipo: 'regional' })).body.dados;
    expect(byCode.map((r: { de: string }) => r.de)).toContain('São Paulo Capital');
  });

  it('sorts by de and by para, either way', async () => {
    const de = (order: string) =>
      amee
        .post('/de-para/list', { sort: 'de', order, per_page: 50 })
        .then((r) => r.body.dados.map((x: { de: string }) => x.de.toLowerCase()));
    const asc = await de('asc');
    expect(asc).toEqual(
      [...asc].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })),
    );
    expect(await de('desc')).toEqual([...asc].reverse());
    expect((await amee.post('/de-para/list', { sort: 'para_rotulo', order: 'asc' })).status).toBe(200);
  });
});

describe('the next import translates with the table', () => {
  it("a row naming the provider's concessionaire, regional and voltage is read as the portal's", async () => {
    // What the import reads when it starts (conciliacao/repo.ts), then checks each row with.
    const ctx = await rowContext(t.app.db, 'energia');
    const checked = checkBaseRow(
      {
        uc: 'DEPARA-0001',
        concessionaria: 'Eletropaulo',
        rzSocial: CLIENT_COMPANY_NAME,
        cnpjFatura: clientCnpjForUf('SP')!,
        estado: 'SP',
        regional: 'SÃO PAULO CAPITAL',
        tensao: 'bt',
        ativa: 'Sim',
      },
      ctx,
    );
    expect(checked).toMatchObject({
      ok: true,
      row: { concessionaria: ENEL_SP, regional: await regionalId('TSP'), tensao: 'Baixa' },
    });
  });

  it('a deleted mapping no longer translates', async () => {
    const row = created(
      await amee.post('/de-para/add', { tipo: 'concessionaria', de: 'Luz Antiga', para: ENEL_SP }),
    );
    expect(
      (await rowContext(t.app.db, 'energia')).dePara.get(deParaKey('concessionaria', 'LUZ ANTIGA')),
    ).toBe(ENEL_SP);
    await amee.post('/de-para/delete', { id: row.id });
    expect(
      (await rowContext(t.app.db, 'energia')).dePara.has(deParaKey('concessionaria', 'Luz Antiga')),
    ).toBe(false);
  });
});
