import { and, eq, notInArray, sql } from 'drizzle-orm';
import {
  STATUS,
  statusLabel,
  type DuplicateMatch,
  type Flow,
  type Kind,
  type SessionUser,
} from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { baseProvedor, concessionarias, solicitacoes } from '../../db/schema.ts';
import { scopeOf } from './scope.ts';

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
  const workflowColumn = 'unidade' in key ? solicitacoes.unidade : solicitacoes.enderecoId;
  const baseColumn = 'unidade' in key ? baseProvedor.uc : baseProvedor.enderecoId;

  const inWorkflow = await db
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
      inScope: sql<boolean>`(${scopeOf(user)})`,
    })
    .from(solicitacoes)
    .leftJoin(concessionarias, eq(concessionarias.id, solicitacoes.idConcessionaria))
    .where(
      and(
        eq(solicitacoes.fluxo, flow),
        eq(solicitacoes.tipo, kind),
        eq(sql`lower(${workflowColumn})`, value),
        notInArray(solicitacoes.status, REFUSED),
        // Only a record the user may read is "the one being edited": excluding any id would let a
        // caller confirm which out-of-scope request holds the unit by watching the match vanish.
        excludeId ? sql`not (${eq(solicitacoes.id, excludeId)} and (${scopeOf(user)}))` : undefined,
      ),
    )
    .limit(20);

  const inBase = await db
    .select()
    .from(baseProvedor)
    .where(and(eq(baseProvedor.fluxo, flow), eq(sql`lower(${baseColumn})`, value)))
    .limit(20);

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
