import { and, eq, ne, notInArray, sql } from 'drizzle-orm';
import { STATUS, statusLabel, type DuplicateMatch, type Flow, type Kind } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { baseProvedor, concessionarias, solicitacoes } from '../../db/schema.ts';

/** A refused request is over: it does not keep the same unit from being requested again. */
const REFUSED = [STATUS.RECUSADA_REGIONAL, STATUS.RECUSADA_CELULA, STATUS.RECUSADA_ANALISE];

export type DuplicateKey = { unidade: string } | { endereco_id: string };

/**
 * Requests of the same flow and kind, and units of the provider's base, that already carry this
 * unit or address id. Matching ignores case and surrounding spaces.
 */
export async function findDuplicates(
  db: DbOrTx,
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
    })
    .from(solicitacoes)
    .leftJoin(concessionarias, eq(concessionarias.id, solicitacoes.idConcessionaria))
    .where(
      and(
        eq(solicitacoes.fluxo, flow),
        eq(solicitacoes.tipo, kind),
        eq(sql`lower(${workflowColumn})`, value),
        notInArray(solicitacoes.status, REFUSED),
        excludeId ? ne(solicitacoes.id, excludeId) : undefined,
      ),
    )
    .limit(20);

  const inBase = await db
    .select()
    .from(baseProvedor)
    .where(and(eq(baseProvedor.fluxo, flow), eq(sql`lower(${baseColumn})`, value)))
    .limit(20);

  return [
    ...inWorkflow.map((r) => ({
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
      Concessionaria: r.concessionaria,
      Endereco: r.endereco ?? '',
      Bairro: r.bairro ?? '',
      Cidade: r.cidade ?? '',
      Estado: r.estado ?? '',
      Status: r.ativa ? 'Ativa' : 'Inativa',
    })),
  ];
}
