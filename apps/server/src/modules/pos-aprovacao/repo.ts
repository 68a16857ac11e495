import { and, asc, count, desc, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  daysWaiting,
  POST_APPROVAL_FORM,
  POST_APPROVAL_LISTS,
  POST_APPROVAL_STAGE,
  RECENT_DAYS,
  type PostApprovalStage,
  type SessionUser,
  type ValidationResult,
  type ValidationType,
} from '@portal/domain';
import type {
  PostApprovalListBody,
  PostApprovalRow,
  ValidationEntry,
} from '@portal/domain/contracts/post-approval';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { pageOf } from '../../db/listing.ts';
import { concessionarias, regionais, solicitacoes, validacoesUc } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { isoDate } from '../../http/replies.ts';
import { scoped } from '../../requests-core/scope-repo.ts';

type Row = typeof solicitacoes.$inferSelect;

const ofPostApprovalForm = and(
  eq(solicitacoes.fluxo, POST_APPROVAL_FORM.flow),
  eq(solicitacoes.tipo, POST_APPROVAL_FORM.kind),
);

/** Which stages a list's filter shows (stages.ts POST_APPROVAL_FILTERS). */
function stageFilter(
  stage: PostApprovalStage,
  filter: PostApprovalListBody['filtro'],
  now: Date,
): SQL | undefined {
  switch (filter) {
    case 'aguardando':
      return eq(solicitacoes.posEtapa, stage);
    case 'ultima-semana':
      return and(
        eq(solicitacoes.posEtapa, stage),
        gte(solicitacoes.posEtapaDesde, new Date(now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000)),
      );
    case 'ativas':
      return eq(solicitacoes.posEtapa, POST_APPROVAL_STAGE.ATIVA);
    case 'todas':
      return gte(solicitacoes.posEtapa, stage);
  }
}

/** Unit or Endereço ID starting with what was typed (the lists' quick search, case-insensitive). */
const searched = (q: string | undefined) => {
  if (!q) return undefined;
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return sql`(lower(${solicitacoes.unidade}) like ${prefix} or lower(${solicitacoes.enderecoId}) like ${prefix})`;
};

/**
 * One page of a post-approval list in the user's scope, the longest waiting first. The stages hold
 * a few percent of the requests; solicitacoes_pos_etapa_idx reads them in this order.
 */
export async function listStage(
  db: DbOrTx,
  user: SessionUser,
  query: PostApprovalListBody,
  deadlineDays: number,
  now = new Date(),
): Promise<{ total: number; dados: PostApprovalRow[] }> {
  const where = scoped(
    user,
    ofPostApprovalForm,
    stageFilter(POST_APPROVAL_LISTS[query.lista], query.filtro, now),
    searched(query.q),
  );
  const { limit, offset } = pageOf(query);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: solicitacoes.id,
        unidade: solicitacoes.unidade,
        endereco_id: solicitacoes.enderecoId,
        regional: regionais.regional,
        concessionaria: concessionarias.nome,
        etapa: solicitacoes.posEtapa,
        desde: solicitacoes.posEtapaDesde,
      })
      .from(solicitacoes)
      .leftJoin(concessionarias, eq(concessionarias.id, solicitacoes.idConcessionaria))
      .leftJoin(regionais, eq(regionais.id, solicitacoes.regional))
      .where(where)
      .orderBy(asc(solicitacoes.posEtapa), asc(solicitacoes.posEtapaDesde), asc(solicitacoes.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(solicitacoes).where(where),
  ]);
  return {
    total,
    dados: rows.map(({ etapa, desde, ...row }) => {
      const dias = daysWaiting(desde!, now);
      return {
        ...row,
        etapa: etapa!,
        desde: isoDate(desde!),
        dias,
        atrasada: etapa !== POST_APPROVAL_STAGE.ATIVA && dias > deadlineDays,
      };
    }),
  };
}

/**
 * An energy new unit in the user's scope (404 otherwise: absent and out of scope look alike);
 * `staged` finds it only once it has entered the stages; `lock` holds it until the transaction ends.
 */
export async function findUnit(
  db: DbOrTx,
  user: SessionUser,
  id: number,
  options: { lock?: boolean; staged?: boolean } = {},
) {
  const query = db
    .select()
    .from(solicitacoes)
    .where(
      scoped(
        user,
        ofPostApprovalForm,
        eq(solicitacoes.id, id),
        options.staged ? isNotNull(solicitacoes.posEtapa) : undefined,
      ),
    )
    .limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notFound('Unidade não encontrada.');
  return row;
}

/** The names of the unit's regional and concessionaire. */
export async function namesOf(db: DbOrTx, row: Row) {
  const [regional] = row.regional
    ? await db.select({ nome: regionais.regional }).from(regionais).where(eq(regionais.id, row.regional))
    : [];
  const [concessionaria] = row.idConcessionaria
    ? await db
        .select({ nome: concessionarias.nome })
        .from(concessionarias)
        .where(eq(concessionarias.id, row.idConcessionaria))
    : [];
  return { regional: regional?.nome ?? null, concessionaria: concessionaria?.nome ?? null };
}

export async function validationsOf(db: DbOrTx, idSolicitacao: number): Promise<ValidationEntry[]> {
  const rows = await db
    .select()
    .from(validacoesUc)
    .where(eq(validacoesUc.idSolicitacao, idSolicitacao))
    .orderBy(desc(validacoesUc.id));
  return rows.map((v) => ({
    tipo: v.tipo,
    status: v.status,
    responsavel: v.responsavel,
    cargo: v.cargo,
    identificacao_tim: v.identificacaoTim,
    elemento_de_rede: v.elementoDeRede,
    tipologia: v.tipologia,
    data_validacao: v.dataValidacao,
    chave_debito: v.chaveDebito,
    observacao: v.observacao,
    nome: v.nome,
    data: isoDate(v.createdAt),
  }));
}

/** A validation's typed fields, by the names of the screen's block. */
export interface RecordedValidation {
  responsavel: string;
  cargo: string;
  observacao: string | null;
  identificacao_tim?: string | null;
  elemento_de_rede?: string | null;
  tipologia?: string | null;
  data_validacao?: string;
  chave_debito?: string | null;
}

export const insertValidation = (
  tx: Tx,
  of: {
    idSolicitacao: number;
    tipo: ValidationType;
    status: ValidationResult;
    author: Pick<SessionUser, 'id' | 'name'>;
  },
  fields: RecordedValidation,
) =>
  tx.insert(validacoesUc).values({
    idSolicitacao: of.idSolicitacao,
    tipo: of.tipo,
    status: of.status,
    idUsuario: of.author.id,
    nome: of.author.name,
    responsavel: fields.responsavel,
    cargo: fields.cargo,
    observacao: fields.observacao,
    identificacaoTim: fields.identificacao_tim ?? null,
    elementoDeRede: fields.elemento_de_rede ?? null,
    tipologia: fields.tipologia ?? null,
    dataValidacao: fields.data_validacao ?? null,
    chaveDebito: fields.chave_debito ?? null,
  });

type StageValues = Partial<
  Pick<Row, 'status' | 'motivoRecusa' | 'posEtapa' | 'dataPrimeiraFatura' | 'dataRecebimentoFatura'>
>;

/**
 * Moves the unit on (or back), bumping its version, only if nobody saved since `version` was read.
 * A new stage starts its clock; a status change lets the trigger decide the stage (migration 0006).
 */
export async function updateStage(tx: Tx, current: Row, values: StageValues) {
  const stageMoved = values.posEtapa !== undefined && values.posEtapa !== current.posEtapa;
  const [saved] = await tx
    .update(solicitacoes)
    .set({
      ...values,
      ...(stageMoved ? { posEtapaDesde: sql`now()` } : {}),
      version: current.version + 1,
      updatedAt: sql`now()`,
    })
    .where(and(eq(solicitacoes.id, current.id), eq(solicitacoes.version, current.version)))
    .returning({
      version: solicitacoes.version,
      status: solicitacoes.status,
      etapa: solicitacoes.posEtapa,
    });
  return saved;
}
