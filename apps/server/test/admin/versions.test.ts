import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits, GROUP, PROFILE, STALE_VERSION } from '@portal/domain';
import {
  auditLog,
  concessionarias,
  empresas,
  grupos,
  regionais,
  statusRotulos,
  usuarios,
} from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedIn, type Reply } from './support.ts';

/**
 * Optimistic locking of the administration records (GUIDE §3): every record carries a version;
 * an edit on the current one saves and bumps it, an edit on a stale one is refused (409) and
 * changes nothing, not even the audit log.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
});
afterAll(() => t.close());

interface Resource {
  /** The edit endpoint. */
  edit: string;
  /** The audit `entidade` of its rows. */
  entidade: string;
  /** Creates (or picks) a record; returns the reply row and a valid edit payload for it. */
  create: () => Promise<{ row: { id: number; version: number }; body: Record<string, unknown> }>;
  /** The stored row, read straight from the database. */
  stored: (id: number) => Promise<unknown>;
  /** A field change, given a suffix so two edits differ. */
  change: (n: number) => Record<string, unknown>;
}

const created = (res: Reply) => {
  expect(res.status).toBe(200);
  return res.body.dados as { id: number; version: number };
};

const cnpj = (root: string) => `${root}0001${cnpjCheckDigits(`${root}0001`)}`;

const RESOURCES: Record<string, Resource> = {
  usuarios: {
    edit: '/usuarios/edit',
    entidade: 'usuario',
    async create() {
      const id_empresa = (await admin.get('/usuarios/opcoes')).body.dados.empresas[0].id as number;
      const body = {
        name: 'Vera Versão',
        email: 'vera.versao@demo.portal',
        id_empresa,
        id_grupo: GROUP.REGIONAL,
        id_perfil: PROFILE.CADASTRO_UC,
        regionais: [5],
        id_status: true,
      };
      const row = created(await admin.post('/usuarios/add', body));
      return { row, body: { ...body, id: row.id } };
    },
    stored: async (id) => (await t.app.db.select().from(usuarios).where(eq(usuarios.id, id)))[0],
    change: (n) => ({ name: `Vera Versão ${n}` }),
  },
  grupos: {
    edit: '/grupos/edit',
    entidade: 'grupo',
    async create() {
      const body = { id: 23209001, nome: 'Grupo Versionado', papel: 'grupo_tim', cadastro: true };
      return { row: created(await admin.post('/grupos/add', body)), body };
    },
    stored: async (id) => (await t.app.db.select().from(grupos).where(eq(grupos.id, id)))[0],
    change: (n) => ({ nome: `Grupo Versionado ${n}` }),
  },
  regionais: {
    edit: '/regional/edit',
    entidade: 'regional',
    async create() {
      const body = { regional: 'TVR', gestor: 'Gil Gestor', email_gestor: 'gil@demo.portal' };
      const row = created(await admin.post('/regional/add', body));
      return { row, body: { ...body, id: row.id } };
    },
    stored: async (id) => (await t.app.db.select().from(regionais).where(eq(regionais.id, id)))[0],
    change: (n) => ({ gestor: `Gil Gestor ${n}` }),
  },
  empresas: {
    edit: '/empresas/edit',
    entidade: 'empresa',
    async create() {
      const body = {
        razao_social: 'Versão Engenharia Ltda.',
        cnpj: cnpj('71625344'),
        cidade: 'Campinas',
        cep: '13000-100',
        email: 'contato@versao.demo',
        telefone: '(19) 3222-1100',
        status: true,
      };
      const row = created(await admin.post('/empresas/add', body));
      return { row, body: { ...body, id: row.id } };
    },
    stored: async (id) => (await t.app.db.select().from(empresas).where(eq(empresas.id, id)))[0],
    change: (n) => ({ razao_social: `Versão Engenharia ${n} Ltda.` }),
  },
  concessionarias: {
    edit: '/concessionarias/edit',
    entidade: 'concessionaria',
    async create() {
      const body = { nome: 'Energia Versionada', sigla: 'EVS', fluxo: 'energia', ufs: ['SP'], ativo: true };
      const row = created(await admin.post('/concessionarias/add', body));
      return { row, body: { ...body, id: row.id } };
    },
    stored: async (id) =>
      (await t.app.db.select().from(concessionarias).where(eq(concessionarias.id, id)))[0],
    change: (n) => ({ nome: `Energia Versionada ${n}` }),
  },
  'status-rotulos': {
    edit: '/status-rotulos/edit',
    entidade: 'status_rotulo',
    async create() {
      const [row] = (await admin.post('/status-rotulos/list', { fluxo: 'agua', tipo: 'troca', status: 3 }))
        .body.dados;
      return { row, body: { id: row.id, rotulo: row.rotulo } };
    },
    stored: async (id) => (await t.app.db.select().from(statusRotulos).where(eq(statusRotulos.id, id)))[0],
    change: (n) => ({ rotulo: `Rótulo Versionado ${n}` }),
  },
};

const audits = async (entidade: string, id: number) =>
  (
    await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entidade, entidade), eq(auditLog.entidadeId, String(id))))
  )[0]!.n;

describe.each(Object.entries(RESOURCES))('%s: optimistic locking', (_name, resource) => {
  let record: { row: { id: number; version: number }; body: Record<string, unknown> };

  beforeAll(async () => {
    record = await resource.create();
  });

  it('a new or seeded record starts at version 1', () => {
    expect(record.row.version).toBe(1);
  });

  it('an edit on the current version saves and answers version + 1', async () => {
    const res = await admin.post(resource.edit, { ...record.body, ...resource.change(1), version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.dados).toMatchObject({ id: record.row.id, version: 2, ...resource.change(1) });
  });

  it(`an edit on a stale version is refused (409, '${STALE_VERSION}'): nothing written, nothing audited`, async () => {
    const id = record.row.id;
    const before = await resource.stored(id);
    const auditsBefore = await audits(resource.entidade, id);
    const res = await admin.post(resource.edit, { ...record.body, ...resource.change(2), version: 1 });
    expect(res).toMatchObject({ status: 409, body: { error: 1, msg: STALE_VERSION } });
    expect(await resource.stored(id)).toEqual(before);
    expect(await audits(resource.entidade, id)).toBe(auditsBefore);
  });

  it('two saves of the same version at once: exactly one wins', async () => {
    const id = record.row.id;
    const replies = await Promise.all(
      [3, 4].map((n) => admin.post(resource.edit, { ...record.body, ...resource.change(n), version: 2 })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = replies.find((r) => r.status === 200)!;
    expect(winner.body.dados.version).toBe(3);
    expect(await resource.stored(id)).toMatchObject({ version: 3 });
  });

  it('an edit that names no version still saves (and bumps it)', async () => {
    const res = await admin.post(resource.edit, { ...record.body, ...resource.change(5) });
    expect(res.status).toBe(200);
    expect(res.body.dados.version).toBe(4);
  });
});
