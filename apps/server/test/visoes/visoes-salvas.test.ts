import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_FLOW_KINDS,
  DEFAULT_REQUEST_LIST_COLUMNS,
  formAccessProblem,
  requestForm,
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_NAME_TAKEN,
  SAVED_VIEW_NOT_FOUND,
  savedViewLimitReached,
  STALE_VERSION,
} from '@portal/domain';
import { usuarios, visoesSalvas } from '../../src/db/schema.ts';
import { signedIn, type Reply } from '../admin/support.ts';
import { createTestApp, DEMO_NAMES, sessionUser, type TestApp } from '../support/test-app.ts';

/**
 * Issue 34 step 5: saved views of a request list. Each user reads and writes only their own views
 * of the list the route names; what a view keeps is checked as the list checks it.
 */
let t: TestApp;
let celula: Awaited<ReturnType<typeof signedIn>>;
let regional: Awaited<ReturnType<typeof signedIn>>;

const LIST = '/novas-unidades/visoes';
const OTHER_LIST = '/unidades/visoes';

beforeAll(async () => {
  t = await createTestApp();
  celula = await signedIn(t.app, 'celula@demo.portal');
  regional = await signedIn(t.app, 'regional@demo.portal');
});
afterAll(() => t.close());

const view = (overrides: Record<string, unknown> = {}) => ({
  nome: 'Aguardando a célula',
  padrao: false,
  filtros: { status: [2, 4], uf: 'SP' },
  colunas: ['status', 'unidade', 'regional'],
  ordem: 'data_pedido',
  sentido: 'asc',
  por_pagina: 25,
  ...overrides,
});

const viewCount = async () => (await t.app.db.select({ n: count() }).from(visoesSalvas))[0]!.n;

const saved = (res: Reply) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.dados as { id: number; version: number; padrao: boolean; nome: string };
};

/** A refusal that names `campo`, with this status, and writes nothing. */
async function refused(call: () => Promise<Reply>, status: number, campo?: string): Promise<Reply> {
  const before = await viewCount();
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toBe(1);
  if (campo) expect(res.body.campo).toBe(campo);
  expect(await viewCount()).toBe(before);
  return res;
}

const clear = () => t.app.db.delete(visoesSalvas);

describe('a saved view keeps the name, filters, columns, sort and page size', () => {
  it('is created, listed, renamed, overwritten and deleted by its owner', async () => {
    await clear();
    const created = saved(await celula.post(`${LIST}/add`, view()));
    const listed = await celula.post(`${LIST}/list`);
    expect(listed.status).toBe(200);
    expect(listed.body.dados).toEqual([
      {
        id: created.id,
        nome: 'Aguardando a célula',
        padrao: false,
        filtros: { status: [2, 4], uf: 'SP' },
        colunas: ['status', 'unidade', 'regional'],
        ordem: 'data_pedido',
        sentido: 'asc',
        por_pagina: 25,
        version: 1,
      },
    ]);

    const renamed = saved(
      await celula.post(`${LIST}/edit`, view({ id: created.id, version: 1, nome: 'Célula SP' })),
    );
    expect(renamed).toMatchObject({ nome: 'Célula SP', version: 2 });

    const overwritten = saved(
      await celula.post(
        `${LIST}/edit`,
        view({ id: created.id, version: 2, nome: 'Célula SP', filtros: { q: 'Vergueiro' }, por_pagina: 50 }),
      ),
    );
    expect(overwritten).toMatchObject({ filtros: { q: 'Vergueiro' }, por_pagina: 50, version: 3 });

    const deleted = await celula.post(`${LIST}/delete`, { id: created.id });
    expect(deleted).toEqual({
      status: 200,
      body: { error: 0, msg: 'Apagado com sucesso!', desativado: false },
    });
    expect((await celula.post(`${LIST}/list`)).body.dados).toEqual([]);
  });

  it('one view per list is the default: marking another takes the mark from the first', async () => {
    await clear();
    const first = saved(await celula.post(`${LIST}/add`, view({ nome: 'A', padrao: true })));
    const second = saved(await celula.post(`${LIST}/add`, view({ nome: 'B', padrao: true })));
    const listed = (await celula.post(`${LIST}/list`)).body.dados as { id: number; padrao: boolean }[];
    expect(listed.map((v) => [v.id, v.padrao])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    // Another list's default is its own.
    saved(await celula.post(`${OTHER_LIST}/add`, view({ nome: 'A', padrao: true })));
    expect(
      ((await celula.post(`${LIST}/list`)).body.dados as { padrao: boolean }[]).filter((v) => v.padrao),
    ).toHaveLength(1);
  });

  it('a view saved with no filters keeps none, and the default columns when those were shown', async () => {
    await clear();
    const res = saved(
      await celula.post(`${LIST}/add`, view({ filtros: undefined, colunas: DEFAULT_REQUEST_LIST_COLUMNS })),
    );
    expect(res).toMatchObject({ filtros: {}, colunas: DEFAULT_REQUEST_LIST_COLUMNS });
  });

  it('columns are kept once each, in the list’s order whatever order they were sent in', async () => {
    await clear();
    const res = saved(
      await celula.post(`${LIST}/add`, view({ colunas: ['regional', 'status', 'regional'] })),
    );
    expect(res).toMatchObject({ colunas: ['status', 'regional'] });
  });

  it('the read-only profile may keep views too: a view changes no record', async () => {
    expect(formAccessProblem(await sessionUser(t.app, 'consulta@demo.portal'), 'energia', 'nova')).toBeNull();
    const consulta = await signedIn(t.app, 'consulta@demo.portal');
    expect(saved(await consulta.post(`${LIST}/add`, view({ nome: 'Minha visão' }))).nome).toBe('Minha visão');
  });
});

describe('each user reads and writes only their own views (hostile client)', () => {
  it('another user’s view is 404 to edit or delete, and absent from their list', async () => {
    await clear();
    const mine = saved(await celula.post(`${LIST}/add`, view()));
    expect((await regional.post(`${LIST}/list`)).body.dados).toEqual([]);
    const res = await refused(
      () => regional.post(`${LIST}/edit`, view({ id: mine.id, version: 1, nome: 'Roubada' })),
      404,
    );
    expect(res.body.msg).toBe(SAVED_VIEW_NOT_FOUND);
    await refused(() => regional.post(`${LIST}/delete`, { id: mine.id }), 404);
    const [stored] = await t.app.db.select().from(visoesSalvas).where(eq(visoesSalvas.id, mine.id));
    expect(stored?.nome).toBe('Aguardando a célula');
  });

  it('a view of another list is 404 through this list’s calls', async () => {
    await clear();
    const other = saved(await celula.post(`${OTHER_LIST}/add`, view()));
    await refused(() => celula.post(`${LIST}/edit`, view({ id: other.id, version: 1 })), 404);
    await refused(() => celula.post(`${LIST}/delete`, { id: other.id }), 404);
  });

  it('a forged user id in the body is ignored: the view is the session user’s', async () => {
    await clear();
    const [admin] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'admin@demo.portal'));
    const res = saved(
      await celula.post(`${LIST}/add`, {
        ...view(),
        id_usuario: admin!.id,
        idUsuario: admin!.id,
        lista: 'x',
      }),
    );
    const [stored] = await t.app.db.select().from(visoesSalvas).where(eq(visoesSalvas.id, res.id));
    const me = await sessionUser(t.app, 'celula@demo.portal');
    expect(stored).toMatchObject({ idUsuario: me.id, lista: 'novas-unidades' });
  });

  it('an id sent to add creates a new view instead of overwriting that one', async () => {
    await clear();
    const first = saved(await celula.post(`${LIST}/add`, view({ nome: 'Primeira' })));
    const second = saved(await celula.post(`${LIST}/add`, { ...view({ nome: 'Segunda' }), id: first.id }));
    expect(second.id).not.toBe(first.id);
    expect(await viewCount()).toBe(2);
  });

  it('a user without the list’s menu entry is refused (403) before anything is read', async () => {
    let tried = 0;
    for (const name of DEMO_NAMES) {
      const user = await sessionUser(t.app, `${name}@demo.portal`);
      const closed = ALL_FLOW_KINDS.find(({ flow, kind }) => formAccessProblem(user, flow, kind));
      if (!closed) continue;
      const as = await signedIn(t.app, `${name}@demo.portal`);
      const base = `/${requestForm(closed.flow, closed.kind).apiBase}/visoes`;
      await refused(() => as.post(`${base}/add`, view()), 403);
      expect((await as.post(`${base}/list`)).status).toBe(403);
      tried++;
    }
    // At least one demo group lacks one of the four lists, or this test would prove nothing.
    expect(tried).toBeGreaterThan(0);
  });

  it('an edit on a stale version is refused (409) and changes nothing', async () => {
    await clear();
    const created = saved(await celula.post(`${LIST}/add`, view()));
    saved(await celula.post(`${LIST}/edit`, view({ id: created.id, version: 1, nome: 'Nova' })));
    const res = await refused(
      () => celula.post(`${LIST}/edit`, view({ id: created.id, version: 1, nome: 'Velha' })),
      409,
    );
    expect(res.body.msg).toBe(STALE_VERSION);
  });
});

describe('what a view keeps is checked as the list checks it', () => {
  it('an unknown column is refused (422) naming it', async () => {
    const res = await refused(
      () => celula.post(`${LIST}/add`, view({ colunas: ['status', 'senha_hash'] })),
      422,
      'colunas.1',
    );
    expect(res.body.msg).toBe('Coluna desconhecida: senha_hash.');
  });

  it('an unknown filter is refused (422) naming it', async () => {
    const res = await refused(
      () => celula.post(`${LIST}/add`, view({ filtros: { status: [1], id_empresa: 3 } })),
      422,
      'filtros.id_empresa',
    );
    expect(res.body.msg).toBe('Filtro desconhecido: id_empresa.');
  });

  it('a sort outside the list’s columns is refused (422) naming ordem', async () => {
    await refused(() => celula.post(`${LIST}/add`, view({ ordem: 'password_hash' })), 422, 'ordem');
    await refused(() => celula.post(`${LIST}/add`, view({ sentido: 'up' })), 422, 'sentido');
  });

  it('a page size the list does not offer is refused (422) naming por_pagina', async () => {
    await refused(() => celula.post(`${LIST}/add`, view({ por_pagina: 7 })), 422, 'por_pagina');
  });

  it('filter values go through the list’s own rules: an unknown status, a UF, a reversed period', async () => {
    await refused(
      () => celula.post(`${LIST}/add`, view({ filtros: { status: [11] } })),
      422,
      'filtros.status',
    );
    await refused(() => celula.post(`${LIST}/add`, view({ filtros: { uf: 'XX' } })), 422, 'filtros.uf');
    await refused(
      () => celula.post(`${LIST}/add`, view({ filtros: { de: '2026-05-01', ate: '2026-01-01' } })),
      422,
      'filtros.ate',
    );
    await refused(() => celula.post(`${LIST}/add`, view({ filtros: { q: '%%%' } })), 422, 'filtros.q');
  });

  it('a name over its length is refused (400) naming it; a blank name is required', async () => {
    const res = await refused(
      () => celula.post(`${LIST}/add`, view({ nome: 'x'.repeat(SAVED_VIEW_LIMITS.nome + 1) })),
      400,
      'nome',
    );
    expect(res.body.msg).toBe(
      `O campo Nome da visão pode ter no máximo ${SAVED_VIEW_LIMITS.nome} caracteres.`,
    );
    await refused(() => celula.post(`${LIST}/add`, view({ nome: '   ' })), 400, 'nome');
    await refused(() => celula.post(`${LIST}/add`, view({ nome: 'a\u0000b' })), 422, 'nome');
  });

  it('wrong types are refused (400) naming the field', async () => {
    await refused(() => celula.post(`${LIST}/add`, view({ padrao: 'sim' })), 400, 'padrao');
    await refused(() => celula.post(`${LIST}/add`, view({ colunas: 'status' })), 400, 'colunas');
    await refused(() => celula.post(`${LIST}/add`, view({ colunas: [] })), 400, 'colunas');
    await refused(() => celula.post(`${LIST}/add`, view({ nome: 42 })), 400, 'nome');
    await refused(() => celula.post(`${LIST}/add`, view({ filtros: 'status=1' })), 400, 'filtros');
    await refused(() => celula.post(`${LIST}/edit`, view({ id: 'um', version: 1 })), 400, 'id');
    await refused(() => celula.post(`${LIST}/edit`, view({ id: 2 ** 31, version: 1 })), 400, 'id');
  });

  it('two views of one list cannot share a name, whatever its case', async () => {
    await clear();
    saved(await celula.post(`${LIST}/add`, view({ nome: 'Minha' })));
    const res = await refused(() => celula.post(`${LIST}/add`, view({ nome: 'MINHA' })), 422, 'nome');
    expect(res.body.msg).toBe(SAVED_VIEW_NAME_TAKEN);
  });
});

describe(`at most ${SAVED_VIEW_LIMITS.porLista} views per user and list`, () => {
  it('the next one is refused with the limit; editing one at the limit still works', async () => {
    await clear();
    const ids: number[] = [];
    for (let i = 1; i <= SAVED_VIEW_LIMITS.porLista; i++)
      ids.push(saved(await celula.post(`${LIST}/add`, view({ nome: `Visão ${i}` }))).id);
    const res = await refused(() => celula.post(`${LIST}/add`, view({ nome: 'Uma a mais' })), 422);
    expect(res.body.msg).toBe(savedViewLimitReached());
    saved(await celula.post(`${LIST}/edit`, view({ id: ids[0], version: 1, nome: 'Renomeada' })));
    // Another user, or another list, has its own count.
    saved(await regional.post(`${LIST}/add`, view({ nome: 'Uma a mais' })));
    saved(await celula.post(`${OTHER_LIST}/add`, view({ nome: 'Uma a mais' })));
  });

  it('concurrent saves at the limit keep it, and concurrent defaults leave one', async () => {
    await clear();
    for (let i = 1; i < SAVED_VIEW_LIMITS.porLista - 1; i++)
      saved(await celula.post(`${LIST}/add`, view({ nome: `Visão ${i}` })));
    const answers = await Promise.all(
      ['X', 'Y', 'Z', 'W'].map((nome) => celula.post(`${LIST}/add`, view({ nome, padrao: true }))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(2);
    expect(await viewCount()).toBe(SAVED_VIEW_LIMITS.porLista);
    const defaults = await t.app.db.select().from(visoesSalvas).where(eq(visoesSalvas.padrao, true));
    expect(defaults).toHaveLength(1);
  });
});
