import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_CODES } from '@portal/domain';
import { AUDIT_LOG_MAX_ROWS, type AuditLogRow } from '@portal/domain/contracts/audit-log';
import { AUDIT_ACTIONS } from '../../src/audit/actions.ts';
import { auditLog, regionais, usuarios } from '../../src/db/schema.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import { call, newUnitPayload } from '../support/requests.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';

/**
 * /logs 'Logs de Ações' (issue 14): administrators read the audit trail every save writes, newest
 * first, filtered by user, entity, action and period, each entry with its before → after in
 * Portuguese; nobody else reads it, and no secret ever appears in it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const list = (body: unknown, who = 'admin') => call(t.app, tokens[who]!, '/api/logs/list', body);
const filtros = (who = 'admin') => call(t.app, tokens[who]!, '/api/logs/filtros', {});
const rowsOf = (res: { json(): unknown }) => (res.json() as { dados: AuditLogRow[] }).dados;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'celula', 'regional', 'amee', 'consulta', 'solicitante', 'tower']) {
    tokens[who] = await login(t.app, `${who}@demo.portal`);
    const [row] = await t.app.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, `${who}@demo.portal`));
    ids[who] = row!.id;
  }
});
afterAll(() => t.close());

describe('who reads /logs', () => {
  it.each(['celula', 'regional', 'amee', 'consulta', 'solicitante'])(
    '[%s][FORBIDDEN]: a user without profile 1 is refused both calls, before the body is read',
    async (who) => {
      for (const url of ['/api/logs/list', '/api/logs/filtros']) {
        const res = await call(t.app, tokens[who]!, url, { page: 0, per_page: 7, acao: 'x\u0000' });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error).toBe(1);
        expect(JSON.stringify(res.json())).not.toMatch(/acao|Página/);
      }
    },
  );

  it('[ANONYMOUS]: without a session both calls answer 401', async () => {
    for (const url of ['/api/logs/list', '/api/logs/filtros']) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    }
  });

  it('the audited actions of the server and the labelled ones of the domain are the same list', () => {
    expect([...AUDIT_ACTION_CODES].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});

describe('[ADMIN][READ]: entries written by real saves, with their before → after in Portuguese', () => {
  it("a regional's edit shows only the changed fields, labelled, with who did it and from where", async () => {
    const [tle] = await t.app.db.select().from(regionais).where(eq(regionais.regional, 'TLE'));
    const read = await call(t.app, tokens.admin!, '/api/regional/list', { id: tle!.id });
    const current = read.json().dados;
    const saved = await call(t.app, tokens.admin!, '/api/regional/edit', {
      ...current,
      gestor: 'Gestora Auditada',
      nome_focal2: 'Focal Novo',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await list({ entidade: 'regional', acao: 'editar' });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = rowsOf(res);
    expect(entry).toMatchObject({
      usuario: 'Ana Administradora',
      acao: 'editar',
      acao_label: 'Edição',
      entidade: 'regional',
      entidade_label: 'Regional',
      entidade_id: String(tle!.id),
    });
    expect(entry!.ip).toBeTruthy();
    expect(Date.now() - new Date(entry!.data).getTime()).toBeLessThan(60_000);
    expect(entry!.alteracoes).toEqual([
      { campo: 'gestor', label: 'Gestor', antes: current.gestor ?? null, depois: 'Gestora Auditada' },
      {
        campo: 'nome_focal2',
        label: 'Nome do Focal 2',
        antes: current.nome_focal2 ?? null,
        depois: 'Focal Novo',
      },
    ]);
  });

  it("a request's creation and edit: statuses by the form's names, ids by names, only what changed", async () => {
    const payload = await newUnitPayload(t.app);
    const created = await call(t.app, tokens.solicitante!, '/api/novas-unidades/add', payload);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().dados.id as number;
    const moved = await call(t.app, tokens.regional!, '/api/novas-unidades/edit', {
      id,
      version: created.json().dados.version,
      status: 1,
      endereco_id: 'TSPLOGS01',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const entries = rowsOf(await list({ entidade: 'solicitacao.energia.nova', per_page: 5 })).filter(
      (e) => e.entidade_id === String(id),
    );
    expect(entries.map((e) => e.acao)).toEqual(['editar-solicitacao', 'criar-solicitacao']);
    const [edit, creation] = entries;
    expect(edit).toMatchObject({
      usuario: expect.any(String),
      entidade_label: 'Solicitação: UC Nova (Energia)',
    });
    expect(edit!.alteracoes).toEqual([
      { campo: 'status', label: 'Status', antes: 'Solicitação Iniciada', depois: 'Em Validação Regional' },
      { campo: 'endereco_id', label: 'Endereço ID', antes: payload.endereco_id, depois: 'TSPLOGS01' },
    ]);
    const shown = Object.fromEntries(creation!.alteracoes.map((c) => [c.label, c.depois]));
    expect(creation!.alteracoes.every((c) => c.antes === null)).toBe(true);
    expect(shown).toMatchObject({
      Regional: 'TSP',
      Concessionária: 'Enel Distribuição São Paulo',
      'Tipo de Tensão': 'Baixa',
      'Tipo do Site': 'ADM',
      'CNPJ/CPF da UC Solicitada': '48.392.015/0001-79',
      Unidade: payload.unidade,
    });
  });
});

/** An audit row written as a save would, at a chosen instant. */
async function entry(values: Partial<typeof auditLog.$inferInsert> & { createdAt?: Date }) {
  const [row] = await t.app.db
    .insert(auditLog)
    .values({ acao: 'editar', entidade: 'periodo-teste', idUsuario: ids.tower!, ...values })
    .returning({ id: auditLog.id });
  return row!.id;
}

describe('[ADMIN][FILTER]: each filter narrows the list, newest first', () => {
  it('by user: only what that user did', async () => {
    const res = await list({ id_usuario: ids.solicitante, per_page: 50 });
    const rows = rowsOf(res);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.usuario))).toEqual(new Set([rows[0]!.usuario]));
    expect(rows.map((r) => r.acao)).toContain('login');
    const other = rowsOf(await list({ id_usuario: ids.admin, per_page: 50 }));
    expect(other.some((r) => rows.some((s) => s.id === r.id))).toBe(false);
  });

  it('by action and by entity', async () => {
    const logins = rowsOf(await list({ acao: 'login', per_page: 50 }));
    expect(logins.length).toBeGreaterThanOrEqual(7);
    expect(logins.every((r) => r.acao === 'login' && r.acao_label === 'Entrada no portal')).toBe(true);
    const regionals = rowsOf(await list({ entidade: 'regional', per_page: 50 }));
    expect(regionals.length).toBeGreaterThan(0);
    expect(regionals.every((r) => r.entidade === 'regional')).toBe(true);
    expect((await list({ entidade: 'nada-assim' })).json()).toMatchObject({ total: 0, dados: [] });
  });

  it('by period: De and Até are Brasília calendar days, both inclusive', async () => {
    // Written in time order, as saves are (a day ahead of the clock, so after every other row).
    // 2031-03-10 00:00 in Brasília is 03:00 UTC.
    const lastOfNinth = await entry({ createdAt: new Date('2031-03-10T02:59:59Z') });
    const firstOfTenth = await entry({ createdAt: new Date('2031-03-10T03:00:00Z') });
    // A transaction that began before midnight and wrote its row after: it belongs to its start's day.
    const slow = await entry({ createdAt: new Date('2031-03-10T02:30:00Z') });
    const lastOfTenth = await entry({ createdAt: new Date('2031-03-11T02:59:59Z') });
    const firstOfEleventh = await entry({ createdAt: new Date('2031-03-11T03:00:00Z') });
    const idsOf = async (body: object) =>
      rowsOf(await list({ entidade: 'periodo-teste', per_page: 50, ...body })).map((r) => r.id);
    expect(await idsOf({ de: '2031-03-10', ate: '2031-03-10' })).toEqual([lastOfTenth, firstOfTenth]);
    expect(await idsOf({ de: '2031-03-11' })).toEqual([firstOfEleventh]);
    expect(await idsOf({ ate: '2031-03-09' })).toEqual([slow, lastOfNinth]);
    expect(await idsOf({ de: '2031-03-09', ate: '2031-03-11' })).toEqual([
      firstOfEleventh,
      lastOfTenth,
      slow,
      firstOfTenth,
      lastOfNinth,
    ]);
    // A period combines with the other filters.
    expect(
      rowsOf(
        await list({
          id_usuario: ids.tower,
          acao: 'editar',
          entidade: 'periodo-teste',
          de: '2031-03-11',
          ate: '2031-03-11',
        }),
      ).map((r) => r.id),
    ).toEqual([firstOfEleventh]);
    // Today holds today's entries; a future period holds none.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect(rowsOf(await list({ de: today, ate: today, acao: 'login' })).length).toBeGreaterThan(0);
    expect((await list({ de: '2999-01-01' })).json()).toMatchObject({ total: 0, dados: [] });
    expect((await list({ ate: '2001-01-01' })).json()).toMatchObject({ total: 0, dados: [] });
  });
});

describe('[ADMIN][PAGE]: server-side paging', () => {
  it('pages do not overlap, follow each other newest first, and the total counts the filter', async () => {
    const first = (await list({ acao: 'login', per_page: 5, page: 1 })).json();
    const second = (await list({ acao: 'login', per_page: 5, page: 2 })).json();
    const all = (await list({ acao: 'login', per_page: 50 })).json();
    expect(first.total).toBe(all.dados.length);
    expect(first.total_limitado).toBe(false);
    expect(first.dados).toHaveLength(5);
    const ids = [...first.dados, ...second.dados].map((r: AuditLogRow) => r.id);
    expect(ids).toEqual(all.dados.slice(0, ids.length).map((r: AuditLogRow) => r.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it(`a total past ten pages ahead (at least 1,000) is flagged "more than"; pages end at ${AUDIT_LOG_MAX_ROWS} rows, and deeper ones ask for a filter`, async () => {
    await t.app.db.execute(sql`
      insert into audit_log (id_usuario, acao, entidade, entidade_id, created_at)
      select ${ids.tower}, 'acompanhar', 'massa', g::text, now()
      from generate_series(1, ${AUDIT_LOG_MAX_ROWS + 5}) g`);
    const res = await list({ entidade: 'massa', per_page: 50 });
    expect(res.json()).toMatchObject({ total: 1_000, total_limitado: true });
    expect((await list({ entidade: 'massa', per_page: 50, page: 30 })).json()).toMatchObject({
      total: 30 * 50 + 9 * 50,
      total_limitado: true,
    });
    const last = await list({ entidade: 'massa', per_page: 50, page: AUDIT_LOG_MAX_ROWS / 50 });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ total: AUDIT_LOG_MAX_ROWS, total_limitado: true });
    expect(rowsOf(last)).toHaveLength(50);
    const deeper = await list({ entidade: 'massa', per_page: 50, page: AUDIT_LOG_MAX_ROWS / 50 + 1 });
    expect(deeper.statusCode).toBeGreaterThanOrEqual(400);
    expect(deeper.statusCode).toBeLessThan(500);
    expect(deeper.json()).toMatchObject({ error: 1, campo: 'page' });
    expect(deeper.json().msg).toMatch(/filtros/);
  });
});

describe('[ADMIN][BAD INPUT]: every unexpected input is a 4xx naming the field, never a 500', () => {
  it.each([
    ['page 0', { page: 0 }, 'page', /Página/],
    ['page not a number', { page: 'um' }, 'page', /Página/],
    ['per_page 7', { per_page: 7 }, 'per_page', /Quantidade por página/],
    ['De after Até', { de: '2024-05-02', ate: '2024-05-01' }, 'ate', /De .*Até/],
    ['an invalid date', { de: '2024-02-30' }, 'de', /De/],
    ['a date in words', { ate: 'ontem' }, 'ate', /Até/],
    ['year 0', { de: '0000-01-01' }, 'de', /De/],
    ['a user id out of range', { id_usuario: 2_147_483_648 }, 'id_usuario', /Usuário/],
    ['a negative user id', { id_usuario: -1 }, 'id_usuario', /Usuário/],
    ['a user id in words', { id_usuario: 'admin' }, 'id_usuario', /Usuário/],
    ['a NUL byte in the entity', { entidade: 'regional\u0000' }, 'entidade', /Entidade/],
    ['a lone surrogate in the entity', { entidade: 'regional\ud800' }, 'entidade', /Entidade/],
    ['an entity too long', { entidade: 'a'.repeat(61) }, 'entidade', /Entidade/],
    ['an entity as an object', { entidade: { $ne: 1 } }, 'entidade', /Entidade/],
    ['an action of another shape', { acao: 'Hackear!' }, 'acao', /Ação/],
    ['a NUL byte in the action', { acao: 'login\u0000' }, 'acao', /Ação/],
  ])('%s', async (_name, body, campo, message) => {
    const res = await list(body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ error: 1, campo });
    expect(res.json().msg).toMatch(message);
  });

  it('a body that is not an object, or not JSON, is a 4xx', async () => {
    expect((await list([1, 2])).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logs/list',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      payload: '{"page":',
    });
    expect(res.statusCode).toBe(400);
  });

  it('no body, or blank filters, lists the first page of everything', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logs/list',
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const blank = await list({ id_usuario: '', entidade: '', acao: '', de: '', ate: null });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(rowsOf(blank).length).toBe(10);
  });
});

describe('[ADMIN][SECRETS]: no password, hash or token in any answer', () => {
  it('after password changes, resets and a record holding secrets, /logs shows none of them', async () => {
    const changed = await call(t.app, tokens.tower!, '/api/change-password', {
      senha_atual: DEMO_PASSWORD,
      password: 'Nova#Senha#2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/lost-password', payload: { email: 'amee@demo.portal' } });
    const [hashRow] = await t.app.db
      .select({ hash: usuarios.passwordHash })
      .from(usuarios)
      .where(eq(usuarios.id, ids.tower!));
    // A writer that one day records too much must still not leak it.
    await entry({
      acao: 'editar',
      entidade: 'usuario',
      entidadeId: String(ids.tower),
      antes: { name: 'Antes', passwordHash: hashRow!.hash, token: 'tok-antes-123' },
      depois: {
        name: 'Depois',
        password_hash: hashRow!.hash,
        reset: { tokenHash: 'th-456' },
        senha: 'Nova#Senha#2026',
      },
    });

    const answers = [
      (await list({ per_page: 50 })).body,
      (await list({ entidade: 'usuario', per_page: 50 })).body,
      (await list({ acao: 'trocar-senha' })).body,
      (await list({ acao: 'recuperar-senha' })).body,
      (await filtros()).body,
    ];
    for (const body of answers) {
      for (const secret of [
        hashRow!.hash,
        '$argon2',
        'tok-antes-123',
        'th-456',
        'Nova#Senha#2026',
        DEMO_PASSWORD,
      ]) {
        expect(body).not.toContain(secret);
      }
      expect(body).not.toMatch(/password|token|hash/i);
    }
    const [leaky] = rowsOf(await list({ entidade: 'usuario', acao: 'editar' }));
    expect(leaky!.alteracoes).toEqual([{ campo: 'name', label: 'Nome', antes: 'Antes', depois: 'Depois' }]);
    expect(rowsOf(await list({ acao: 'trocar-senha' }))[0]).toMatchObject({
      acao_label: 'Troca de senha',
      entidade_label: 'Usuário',
      alteracoes: [],
    });
  });
});

describe('[ADMIN][FILTER OPTIONS]: /logs/filtros', () => {
  it('offers the users who appear by name, and the entities and actions the log holds with their labels', async () => {
    const res = await filtros();
    expect(res.statusCode, res.body).toBe(200);
    const { usuarios: users, entidades, acoes } = res.json().dados;
    expect(users).toContainEqual({ value: String(ids.admin), label: 'Ana Administradora' });
    // Only who appears: the demo user who never signed in is not offered.
    const [never] = await t.app.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, 'novo@demo.portal'));
    expect(users.map((u: { value: string }) => u.value)).not.toContain(String(never!.id));
    expect(entidades).toContainEqual({ value: 'regional', label: 'Regional' });
    expect(entidades).toContainEqual({
      value: 'solicitacao.energia.nova',
      label: 'Solicitação: UC Nova (Energia)',
    });
    expect(acoes).toContainEqual({ value: 'editar', label: 'Edição' });
    expect(acoes).toContainEqual({ value: 'login', label: 'Entrada no portal' });
    // Only what appears: nobody has deleted a request here.
    expect(acoes.map((a: { value: string }) => a.value)).not.toContain('apagar-solicitacao');
    const labels = acoes.map((a: { label: string }) => a.label);
    expect(labels).toEqual([...labels].sort((a: string, b: string) => a.localeCompare(b, 'pt-BR')));
  });
});
