import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_CODES } from '@portal/domain';
import { usuarios } from '../../src/db/schema.ts';
import { harness, rowsOf, type Harness } from './support.ts';

/**
 * /logs/filtros offers the users, entities and actions the log holds, by name; every option it
 * offers narrows the list to the rows it names (never a 4xx, never an empty list), and nothing
 * that is not in the log is offered.
 */
let h: Harness;
type Option = { value: string; label: string };
const optionsOf = async () =>
  (await h.filtros()).json().dados as Record<'usuarios' | 'entidades' | 'acoes', Option[]>;

beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

describe('/logs/filtros', () => {
  it('offers exactly the users, entities and actions present in audit_log', async () => {
    const res = await h.filtros();
    expect(res.statusCode, res.body).toBe(200);
    const { usuarios: users, entidades, acoes } = res.json().dados as Record<string, Option[]>;
    const db = h.t.app.db;
    const distinct = async (column: string) =>
      (
        (await db.execute(
          sql.raw(`select distinct ${column}::text as v from audit_log where ${column} is not null`),
        )) as unknown as {
          rows: { v: string }[];
        }
      ).rows
        .map((r) => r.v)
        .sort();
    expect(users!.map((u) => u.value).sort()).toEqual(await distinct('id_usuario'));
    expect(entidades!.map((u) => u.value).sort()).toEqual(await distinct('entidade'));
    expect(acoes!.map((u) => u.value).sort()).toEqual(await distinct('acao'));
    // The user who never signed in is not offered; each user offered reads by name.
    expect(users!.map((u) => u.value)).not.toContain(String(h.ids.novo));
    expect(users).toContainEqual({ value: String(h.ids.admin), label: 'Ana Administradora' });
    for (const o of [...users!, ...entidades!, ...acoes!]) {
      expect(typeof o.label).toBe('string');
      expect(o.label.length).toBeGreaterThan(0);
    }
  });

  it('a body of any shape is not read: the same options for {}, an array, filters and no body', async () => {
    const plain = (await h.filtros({})).body;
    for (const body of [[], { acao: 'hackear' }, { page: -1 }, null]) {
      const res = await h.filtros(body);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      if (res.statusCode === 200) expect(res.body).toBe(plain);
    }
  });

  it('a user appears among the options once they act, by name', async () => {
    const before = await optionsOf();
    expect(before.usuarios.map((u) => u.value)).toContain(String(h.ids.property));
    await h.entry({ idUsuario: h.ids.novo!, acao: 'editar', entidade: 'regional' });
    const after = await optionsOf();
    expect(after.usuarios).toContainEqual({ value: String(h.ids.novo), label: 'Nelson Novato' });
  });

  it('entity codes that look like Object members are offered and filtered as plain text', async () => {
    await h.entry({ entidade: 'constructor' });
    await h.entry({ entidade: 'tostring' });
    const { entidades } = await optionsOf();
    expect(entidades).toContainEqual({ value: 'constructor', label: 'constructor' });
    expect(entidades).toContainEqual({ value: 'tostring', label: 'tostring' });
    const res = await h.list({ entidade: 'constructor' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 1 });
    expect(rowsOf(res)[0]).toMatchObject({ entidade: 'constructor', entidade_label: 'constructor' });
  });

  it('a well-formed entity the log does not hold lists nothing (200, total 0), never a 5xx', async () => {
    for (const entidade of ['nada-assim', 'valueof', 'a'.repeat(60), 'x.y.z']) {
      const res = await h.list({ entidade });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ total: 0, total_limitado: false, dados: [] });
    }
    // A user id that exists nowhere likewise.
    const res = await h.list({ id_usuario: 2_147_483_647 });
    expect(res.json()).toMatchObject({ total: 0, dados: [] });
  });

  it('every option offered narrows the list to its own rows (including an action code the log holds from a newer version)', async () => {
    // docs: 'a code written by a newer version than this one shows as written' (auditActionLabel):
    // the log may hold an action this version's catalog does not know; the filter offers it.
    await h.t.app.db.execute(
      sql`insert into audit_log (id_usuario, acao, entidade) values (${h.ids.tower}, 'arquivar', 'regional')`,
    );
    const { usuarios: users, entidades, acoes } = await optionsOf();
    expect(acoes.map((a) => a.value)).toContain('arquivar');
    const broken: string[] = [];
    const check = async (field: string, o: Option, matches: (r: Record<string, unknown>) => boolean) => {
      const res = await h.list({ [field]: o.value, per_page: 50 });
      if (res.statusCode !== 200)
        return broken.push(`${field}=${o.value}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      const rows = rowsOf(res) as unknown as Record<string, unknown>[];
      if (!rows.length) broken.push(`${field}=${o.value}: offered but lists nothing`);
      if (!rows.every(matches)) broken.push(`${field}=${o.value}: lists other rows`);
    };
    for (const o of users) await check('id_usuario', o, (r) => r.usuario === o.label);
    for (const o of entidades)
      await check('entidade', o, (r) => r.entidade === o.value && r.entidade_label === o.label);
    for (const o of acoes) await check('acao', o, (r) => r.acao === o.value && r.acao_label === o.label);
    expect(broken).toEqual([]);
  });

  it("the catalog's actions that nobody did are not offered", async () => {
    const { acoes } = await optionsOf();
    const present = new Set(acoes.map((a) => a.value));
    const [row] = await h.t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usuarios)
      .where(eq(usuarios.id, h.ids.admin!));
    expect(row!.n).toBe(1);
    for (const code of ['apagar-solicitacao', 'importar-base', 'confirmar-na-base'] as const) {
      expect(AUDIT_ACTION_CODES).toContain(code);
      expect(present.has(code)).toBe(false);
    }
  });
});
