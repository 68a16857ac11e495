import { and, desc, eq, notInArray, sql, type AnyColumn } from 'drizzle-orm';
import {
  normalizeIdentifier,
  STATUS,
  statusLabel,
  type DuplicateMatch,
  type Flow,
  type Kind,
  type SessionUser,
} from '@portal/domain';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { baseProvedor, concessionarias, solicitacoes } from '../../db/schema.ts';
import { scopeOf, scopeShape, scopeValues } from '../../requests-core/scope-repo.ts';

/** A refused request is over: it does not keep the same unit from being requested again. */
const REFUSED = [STATUS.RECUSADA_REGIONAL, STATUS.RECUSADA_CELULA, STATUS.RECUSADA_ANALISE];

export type DuplicateKey = { unidade: string } | { endereco_id: string };

/**
 * The value a duplicate is looked up by: the identifier's one spelling (GUIDE §7), in lower case
 * because the indexes are on lower(column) and rows stored before normalisation may be in either.
 */
export const duplicateLookupValue = (value: string): string => normalizeIdentifier(value).toLowerCase();

/** What the caller learns of requests outside their scope: that one exists, nothing more. */
const OUT_OF_SCOPE: DuplicateMatch = {
  origem: 'workflow',
  sge: false,
  id: null,
  UC: '',
  Rz_Social: '',
  Concessionaria: null,
  Endereco: '',
  Bairro: '',
  Cidade: '',
  Estado: '',
  Status: '',
};

/**
 * Requests of a form holding the value (placeholders: flow, kind, value, excludeId and the scope's),
 * in the columns they share with the provider's base units (`baseMatches`) so both are one statement.
 */
function workflowMatches(db: DbOrTx, user: SessionUser, column: AnyColumn, excluding: boolean) {
  const inScope = scopeOf(user, undefined, { prepared: true });
  return (
    db
      .select({
        fromBase: sql<boolean>`false`,
        id: solicitacoes.id,
        uc: sql<string | null>`${solicitacoes.unidade}`,
        endereco: sql<string | null>`${solicitacoes.endereco}`,
        numero: sql<string | null>`${solicitacoes.numero}`,
        bairro: sql<string | null>`${solicitacoes.bairro}`,
        cidade: sql<string | null>`${solicitacoes.municipio}`,
        estado: sql<string | null>`${solicitacoes.uf}`,
        concessionaria: sql<string | null>`${concessionarias.nome}`,
        status: sql<number | null>`${solicitacoes.status}`,
        inScope: sql<boolean>`(${inScope})`,
        rzSocial: sql<string>`''`,
        sge: sql<boolean>`false`,
        ativa: sql<boolean>`false`,
      })
      .from(solicitacoes)
      .leftJoin(concessionarias, eq(concessionarias.id, solicitacoes.idConcessionaria))
      .where(
        and(
          eq(solicitacoes.fluxo, sql.placeholder('flow')),
          eq(solicitacoes.tipo, sql.placeholder('kind')),
          eq(sql`lower(${column})`, sql.placeholder('value')),
          notInArray(solicitacoes.status, REFUSED),
          // Only a record the user may read is "the one being edited": excluding any id would let a
          // caller confirm which out-of-scope request holds the unit by watching the match vanish.
          excluding
            ? sql`not (${eq(solicitacoes.id, sql.placeholder('excludeId'))} and (${inScope}))`
            : undefined,
        ),
      )
      // The caller's own first: others' requests, told as one detail-less match, never crowd them out.
      // (`is true`: a scope that is all rows is the constant true, which ORDER BY refuses.)
      .orderBy(desc(sql`(${inScope}) is true`), desc(solicitacoes.id))
      .limit(20)
  );
}

/** Units of the provider's base holding the value, in `workflowMatches`' columns. */
function baseMatches(db: DbOrTx, column: AnyColumn) {
  return db
    .select({
      fromBase: sql<boolean>`true`,
      id: baseProvedor.id,
      uc: sql<string | null>`${baseProvedor.uc}`,
      // The base's street alone: its number is not part of what the check shows of a base unit.
      endereco: sql<string | null>`${baseProvedor.endereco}`,
      numero: sql<string | null>`null`,
      bairro: sql<string | null>`${baseProvedor.bairro}`,
      cidade: sql<string | null>`${baseProvedor.cidade}`,
      estado: sql<string | null>`${baseProvedor.estado}`,
      concessionaria: sql<string | null>`${baseProvedor.concessionaria}`,
      status: sql<number | null>`null::smallint`,
      inScope: sql<boolean>`true`,
      rzSocial: sql<string>`${baseProvedor.rzSocial}`,
      sge: sql<boolean>`${baseProvedor.sge}`,
      ativa: sql<boolean>`${baseProvedor.ativa}`,
    })
    .from(baseProvedor)
    .where(
      and(
        eq(baseProvedor.fluxo, sql.placeholder('flow')),
        eq(sql`lower(${column})`, sql.placeholder('value')),
      ),
    )
    .limit(20);
}

/**
 * Requests of the same flow and kind, and units of the provider's base, that already carry this
 * unit or address id. Matching compares normalised identifiers (case, width and marks ignored). Requests the user may not
 * read (scope-repo.ts) are told as one detail-less match; the provider's base is shared reference data.
 * One statement for both: this runs on every keystroke pause of the form (`validar-*`).
 */
export async function findDuplicates(
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  key: DuplicateKey,
  excludeId?: number,
): Promise<DuplicateMatch[]> {
  const value = duplicateLookupValue('unidade' in key ? key.unidade : key.endereco_id);
  const byUnit = 'unidade' in key;
  const values = { ...scopeValues(user), flow, kind, value, excludeId };
  const rows = await prepared(
    db,
    `duplicadas:${byUnit ? 'uc' : 'endereco'}:${scopeShape(user)}:${excludeId ? 'exceto' : ''}`,
    (name) =>
      workflowMatches(db, user, byUnit ? solicitacoes.unidade : solicitacoes.enderecoId, Boolean(excludeId))
        .unionAll(baseMatches(db, byUnit ? baseProvedor.uc : baseProvedor.enderecoId))
        .prepare(name),
  ).execute(values);
  const inWorkflow = rows.filter((r) => !r.fromBase);
  const visible = inWorkflow.filter((r) => r.inScope);
  const inBase = rows.filter((r) => r.fromBase);
  return [
    ...(visible.length < inWorkflow.length ? [OUT_OF_SCOPE] : []),
    ...[...visible, ...inBase].map((r) => ({
      origem: r.fromBase ? ('base' as const) : ('workflow' as const),
      sge: r.sge,
      id: r.id,
      UC: r.uc ?? '',
      Rz_Social: r.rzSocial,
      Concessionaria: r.concessionaria || null,
      Endereco: [r.endereco, r.numero].filter(Boolean).join(', '),
      Bairro: r.bairro ?? '',
      Cidade: r.cidade ?? '',
      Estado: r.estado ?? '',
      Status: r.fromBase ? (r.ativa ? 'Ativa' : 'Inativa') : statusLabel(Number(r.status), flow, kind),
    })),
  ];
}

/** Holds a transaction-scoped advisory lock on one duplicate key until the transaction ends. */
export const lockDuplicateKey = (tx: Tx, name: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
