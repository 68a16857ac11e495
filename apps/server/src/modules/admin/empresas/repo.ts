import { and, count, eq, ne, type SQL } from 'drizzle-orm';
import { PROFILE, type ListQuery } from '@portal/domain';
import type { DbOrTx, Tx } from '../../../db/client.ts';
import { empresas, solicitacoes, usuarios } from '../../../db/schema.ts';
import { hasAny } from '../../../db/exists.ts';
import { nextVersion, updatedOrStale, versionLock } from '../../../db/version.ts';
import { activeFilter, folded, orderBy, pageOf, searchWhere, type SortSpec } from '../../../db/listing.ts';
import { isoDate } from '../../../http/replies.ts';

export type Fluxo = 'energia' | 'agua';
type Row = typeof empresas.$inferSelect;

/** A company as the API shows it (spec part 2 §3 Company). */
export const toCompanyDto = (r: Row) => ({
  id: r.id,
  razao_social: r.razaoSocial,
  cnpj: r.cnpj,
  cidade: r.cidade,
  cep: r.cep,
  email: r.email,
  telefone: r.telefone,
  status: r.status,
  cadastrado: isoDate(r.cadastrado),
  version: r.version,
});
export type CompanyDto = ReturnType<typeof toCompanyDto>;

const SORT: SortSpec = {
  columns: {
    razao_social: folded(empresas.razaoSocial),
    cnpj: empresas.cnpj,
    email: folded(empresas.email),
    cidade: folded(empresas.cidade),
    status: empresas.status,
    cadastrado: empresas.cadastrado,
  },
  fallback: { key: 'razao_social', order: 'asc' },
  tieBreaker: empresas.id,
};

export async function listCompanies(db: DbOrTx, fluxo: Fluxo, query: ListQuery) {
  const where = and(
    eq(empresas.fluxo, fluxo),
    searchWhere(query.q, {
      text: [empresas.razaoSocial, empresas.email, empresas.cidade],
      taxIds: [empresas.cnpj],
    }),
    ...activeWhere(query.status),
  );
  const { limit, offset } = pageOf(query);
  const rows = await db
    .select()
    .from(empresas)
    .where(where)
    .orderBy(...orderBy(query, SORT))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(empresas).where(where);
  return { total, rows };
}

const activeWhere = (status: number | undefined): SQL[] => {
  const active = activeFilter(status);
  return active === undefined ? [] : [eq(empresas.status, active)];
};

export async function findCompany(db: DbOrTx, fluxo: Fluxo, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(empresas)
    .where(and(eq(empresas.fluxo, fluxo), eq(empresas.id, id)));
  return row;
}

export async function cnpjTaken(db: DbOrTx, fluxo: Fluxo, cnpj: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: empresas.id })
    .from(empresas)
    .where(
      and(
        eq(empresas.fluxo, fluxo),
        eq(empresas.cnpj, cnpj),
        exceptId ? ne(empresas.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A profile-1 user belongs to the company: only another administrator takes it away. */
export const companyHoldsAdministrator = (db: DbOrTx, id: number) =>
  hasAny(db, usuarios, and(eq(usuarios.idEmpresa, id), eq(usuarios.idPerfil, PROFILE.ADMINISTRADOR)));

/** Users or requests point at the company: deleting it would orphan them. */
export const companyInUse = async (db: DbOrTx, id: number): Promise<boolean> =>
  (await hasAny(db, usuarios, eq(usuarios.idEmpresa, id))) ||
  (await hasAny(db, solicitacoes, eq(solicitacoes.idEmpresa, id)));

type CompanyValues = Omit<typeof empresas.$inferInsert, 'id' | 'version' | 'fluxo'>;

export const insertCompany = async (tx: Tx, fluxo: Fluxo, values: CompanyValues) =>
  (
    await tx
      .insert(empresas)
      .values({ ...values, fluxo })
      .returning()
  )[0]!;

/** Updates the company as read; 409 when another save changed it since. */
export async function updateCompany(tx: Tx, before: Row, values: CompanyValues) {
  const lock = versionLock(empresas.version, before.version);
  return updatedOrStale(
    await tx
      .update(empresas)
      .set({ ...values, ...lock.bump })
      .where(and(eq(empresas.id, before.id), lock.where))
      .returning(),
  );
}

export async function deactivateCompany(tx: Tx, id: number) {
  const [row] = await tx
    .update(empresas)
    .set({ status: false, ...nextVersion(empresas.version) })
    .where(eq(empresas.id, id))
    .returning();
  return row!;
}

export const deleteCompanyRow = (tx: Tx, id: number) => tx.delete(empresas).where(eq(empresas.id, id));
