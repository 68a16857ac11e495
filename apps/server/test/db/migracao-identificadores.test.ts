import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/config.ts';
import { freshDatabase } from '../support/test-app.ts';

/**
 * Migration 0015 (issue 30): identifiers stored before normalisation are brought to their one spelling,
 * except where that would create a duplicate or the value cannot be an identifier: those are left as
 * they are and reported in the audit log (Logs de Ações). Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let run: (sql: string) => Promise<Record<string, unknown>[]>;
let exec: (sql: string) => Promise<unknown>;
let migrate: (folder: string) => Promise<void>;
let close: () => Promise<void>;
let before0015: string;

/** The committed migrations up to `last`, in a folder of their own. */
async function migrationsUpTo(last: number): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-migracoes-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  before0015 = await migrationsUpTo(14);
  const database = await freshDatabase();
  if (database.url) {
    const pool = new pg.Pool({ connectionString: database.url });
    // An idle client whose connection is cut reaches the pool, which drops it: not the process's end.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool });
    run = async (sql) => (await pool.query(sql)).rows;
    exec = (sql) => pool.query(sql);
    migrate = (folder) => migratePg(db, { migrationsFolder: folder });
    close = async () => {
      await pool.end();
      await database.drop();
    };
  } else {
    const client = await PGlite.create(undefined, { extensions: { pg_trgm, unaccent } });
    const db = drizzlePglite({ client });
    run = async (sql) => (await client.query<Record<string, unknown>>(sql)).rows;
    exec = (sql) => client.exec(sql);
    migrate = (folder) => migratePglite(db, { migrationsFolder: folder });
    close = () => client.close();
  }
  await migrate(before0015);
  await exec(`
    insert into grupos (id, nome, papel) values (1, 'Célula', 'celula');
    insert into perfis (id, nome) values (1, 'Administrador');
    insert into usuarios (id, name, email, password_hash, id_grupo, id_perfil) values (1, 'Ana', 'ana@x.com', 'x', 1, 1);
    insert into solicitacoes (id, fluxo, tipo, status, id_usuario, unidade, endereco_id, site_id, numero_medidor, protocolo) values
      (1, 'energia', 'nova', 0, 1, '012', 'END1', 'sp1', 'm-1', 'prot 1'),
      (2, 'energia', 'nova', 2, 1, '０１２', 'ｅｎｄ２', 'ｓｐ\u00A01', 'ｍ\u200B2', 'PRÓT-2'),
      (3, 'energia', 'nova', 3, 1, '０１２', 'end3', null, null, null),
      (4, 'energia', 'troca', 0, 1, '０１２', 'END1\u0301', null, null, null),
      (5, 'energia', 'nova', 0, 1, 'uc-9', 'end1', null, null, null),
      (6, 'agua', 'nova', 0, 1, 'UC\u0660', 'ab#1', null, null, null);
    insert into regularizacoes (id, fluxo, tipo_divergencia, unidade, status, nova_unidade) values
      (1, 'energia', 1, '7000', 0, null),
      (2, 'energia', 1, '７０００', 1, 'ｎ1'),
      (3, 'energia', 1, '７０００', 4, null);
    insert into base_provedor (id, fluxo, uc, rz_social, concessionaria, endereco_id) values
      (1, 'energia', '3000', 'R', 'Enel', 'e1'),
      (2, 'energia', '３０００', 'R', 'Enel', null),
      (3, 'energia', '３０００', 'R', 'Cemig', 'ｅ２');
  `);
  await migrate(migrationsFolder);
}, 120_000);
afterAll(async () => {
  await close?.();
  await rm(before0015, { recursive: true, force: true });
});

describe('migration 0015 normalises the identifiers already stored', () => {
  it('brings requests to the one spelling, unless that would duplicate another request in the workflow', async () => {
    expect(
      await run(
        'select id, unidade, endereco_id, site_id, numero_medidor, protocolo from solicitacoes order by id',
      ),
    ).toEqual([
      {
        id: 1,
        unidade: '012',
        endereco_id: 'END1',
        site_id: 'SP1',
        numero_medidor: 'M-1',
        protocolo: 'PROT 1',
      },
      // '012' is already in the workflow on this form: kept as it was, reported.
      {
        id: 2,
        unidade: '０１２',
        endereco_id: 'END2',
        site_id: 'SP 1',
        numero_medidor: 'M2',
        protocolo: 'PROT-2',
      },
      // Refused (3) is no duplicate; another form (troca) is no duplicate of a nova.
      { id: 3, unidade: '012', endereco_id: 'END3', site_id: null, numero_medidor: null, protocolo: null },
      { id: 4, unidade: '012', endereco_id: 'END1', site_id: null, numero_medidor: null, protocolo: null },
      { id: 5, unidade: 'UC-9', endereco_id: 'END1', site_id: null, numero_medidor: null, protocolo: null },
      // Characters no identifier has: kept, reported.
      {
        id: 6,
        unidade: 'UC\u0660',
        endereco_id: 'ab#1',
        site_id: null,
        numero_medidor: null,
        protocolo: null,
      },
    ]);
  });

  it('keeps one open regularization per unit and one base unit per concessionaire (their unique indexes)', async () => {
    expect(await run('select id, unidade, nova_unidade from regularizacoes order by id')).toEqual([
      { id: 1, unidade: '7000', nova_unidade: null },
      { id: 2, unidade: '７０００', nova_unidade: 'N1' },
      { id: 3, unidade: '7000', nova_unidade: null },
    ]);
    expect(await run('select id, uc, endereco_id from base_provedor order by id')).toEqual([
      { id: 1, uc: '3000', endereco_id: 'E1' },
      { id: 2, uc: '３０００', endereco_id: null },
      { id: 3, uc: '3000', endereco_id: 'E2' },
    ]);
  });

  it('reports every value it kept in the audit log, with the spelling it would have had and why', async () => {
    const report = await run(
      `select entidade, entidade_id, antes, depois from audit_log where acao = 'normalizar-identificador' order by entidade, entidade_id, antes::text`,
    );
    const duplicate = 'Duplicaria outro registro; corrija um dos dois.';
    const characters =
      'Tem caracteres que um identificador não usa, ou passaria do tamanho; corrija o valor.';
    expect(report).toEqual([
      {
        entidade: 'base_provedor',
        entidade_id: '2',
        antes: { uc: '３０００' },
        depois: { uc: '3000', motivo: duplicate },
      },
      {
        entidade: 'regularizacao.energia',
        entidade_id: '2',
        antes: { unidade: '７０００' },
        depois: { unidade: '7000', motivo: duplicate },
      },
      {
        entidade: 'solicitacao.agua.nova',
        entidade_id: '6',
        antes: { endereco_id: 'ab#1' },
        depois: { endereco_id: 'AB#1', motivo: characters },
      },
      {
        entidade: 'solicitacao.agua.nova',
        entidade_id: '6',
        antes: { unidade: 'UC\u0660' },
        depois: { unidade: 'UC\u0660', motivo: characters },
      },
      {
        entidade: 'solicitacao.energia.nova',
        entidade_id: '2',
        antes: { unidade: '０１２' },
        depois: { unidade: '012', motivo: duplicate },
      },
    ]);
  });
});
