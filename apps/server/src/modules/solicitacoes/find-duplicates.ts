import { and, eq, notInArray, sql, type AnyColumn } from 'drizzle-orm';
import {
  STATUS,
  statusLabel,
  type DuplicateMatch,
  type Flow,
  type Kind,
  type SessionUser,
} from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { baseProvedor, concessionarias, solicitacoes } from '../../db/schema.ts';
import { scopeOf, scopeShape, scopeValues } from './scope.ts';

/** A refused request is over: it does not keep the same unit from being requested again. */
const REFUSED = [STATUS.RECUSADA_REGIONAL, STATUS.RECUSADA_CELULA, STATUS.RECUSADA_ANALISE];

export type DuplicateKey = { unidade: string } | { endereco_id: string };

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

/** Requests of a form holding the value (placeholders: flow, kind, value, excludeId and the scope's). */
function workflowMatches(db: DbOrTx, user: SessionUser, column: AnyColumn, excluding: boolean) {
  const inScope = scopeOf(user, undefined, { prepared: true });
  return db
    .select({
      id: solicitacoes.id,
      unidade: solicitacoes.unidade,
      endereco: solicitacoes.endereco,
      numero: solicitacoes.numero,
      bairro: solicitacoes.bairro,
      municipio: solicitacoes.municipio,
      uf: solicitacoes.uf,
      status: solicitacoes.status,
      concessionaria: concessionarias.nome,
      inScope: sql<boolean>`(${inScope})`,
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
    .limit(20);
}

/**
 * Requests of the same flow and kind, and units of the provider's base, that already carry this
 * unit or address id. Matching ignores case and surrounding spaces. Requests the user may not
 * read (scope.ts) are told as one detail-less match; the provider's base is shared reference data.
 */
export async function findDuplicates(
  db: DbOrTx,
  user: SessionUser,
  flow: Flow,
  kind: Kind,
  key: DuplicateKey,
  excludeId?: number,
): Promise<DuplicateMatch[]> {
  const value = ('unidade' in key ? key.unidade : key.endereco_id).trim().toLowerCase();
  const byUnit = 'unidade' in key;
  const values = { ...scopeValues(user), flow, kind, value, excludeId };
  const [inWorkflow, inBase] = await Promise.all([
    prepared(
      db,
      `duplicadas:${byUnit ? 'uc' : 'endereco'}:${scopeShape(user)}:${excludeId ? 'exceto' : ''}`,
      (name) =>
        workflowMatches(
          db,
          user,
          byUnit ? solicitacoes.unidade : solicitacoes.enderecoId,
          Boolean(excludeId),
        ).prepare(name),
    ).execute(values),
    prepared(db, `duplicadas_base:${byUnit ? 'uc' : 'endereco'}`, (name) =>
      db
        .select()
        .from(baseProvedor)
        .where(
          and(
            eq(baseProvedor.fluxo, sql.placeholder('flow')),
            eq(sql`lower(${byUnit ? baseProvedor.uc : baseProvedor.enderecoId})`, sql.placeholder('value')),
          ),
        )
        .limit(20)
        .prepare(name),
    ).execute(values),
  ]);

  const visible = inWorkflow.filter((r) => r.inScope);
  return [
    ...(visible.length < inWorkflow.length ? [OUT_OF_SCOPE] : []),
    ...visible.map((r) => ({
      origem: 'workflow' as const,
      sge: false,
      id: r.id,
      UC: r.unidade ?? '',
      Rz_Social: '',
      Concessionaria: r.concessionaria,
      Endereco: [r.endereco, r.numero].filter(Boolean).join(', '),
      Bairro: r.bairro ?? '',
      Cidade: r.municipio ?? '',
      Estado: r.uf ?? '',
      Status: statusLabel(r.status, flow, kind),
    })),
    ...inBase.map((r) => ({
      origem: 'base' as const,
      sge: r.sge,
      id: r.id,
      UC: r.uc,
      Rz_Social: r.rzSocial,
      Concessionaria: r.concessionaria || null,
      Endereco: r.endereco ?? '',
      Bairro: r.bairro ?? '',
      Cidade: r.cidade ?? '',
      Estado: r.estado ?? '',
      Status: r.ativa ? 'Ativa' : 'Inativa',
    })),
  ];
}
