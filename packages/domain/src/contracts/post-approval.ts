import { z } from 'zod';
import { codesOf } from '../catalogs/options.ts';
import {
  POST_APPROVAL_FILTERS,
  POST_APPROVAL_LIST_NAMES,
  POST_APPROVAL_STAGES,
  VALIDATION_TYPES,
} from '../post-approval/stages.ts';
import {
  followUpProblem,
  SITE_SITUATIONS,
  type SiteSituation,
  type ValidationResult,
  VALIDATION_RESULTS,
  validationDateProblem,
  validationObservationProblem,
} from '../post-approval/rules.ts';
import {
  optionalDate,
  optionalText,
  recordId,
  requiredCode,
  requiredRef,
  requiredText,
} from '../schemas/fields.ts';
import { listQuery } from '../schemas/list.ts';
import { requestRecordSchema } from './requests.ts';
import { reasonFields } from '../workflow/refusal-reasons.ts';

/**
 * The calls of the post-approval screens (issue 14): the three lists (/validacao-uc,
 * /validacao-final-uc, /acompanhamento-uc-nova), the record a validator reads, the two validations
 * (/validar-uc/{id}/{tipo}) and the follow-up (/acompanhar-uc/{id}). Declared once for server and web.
 */

export const POST_APPROVAL_MAX = {
  responsavel: 80,
  cargo: 60,
  identificacao_tim: 30,
  elemento_de_rede: 40,
  tipologia: 40,
  chave_debito: 30,
  observacao: 1000,
} as const;

export const postApprovalListBody = z.preprocess(
  (v) => v ?? {},
  listQuery.pick({ page: true, per_page: true, q: true }).extend({
    lista: z.enum(POST_APPROVAL_LIST_NAMES, {
      error: 'O campo Lista deve ser pre-validacao, validacao-final ou acompanhamento.',
    }),
    filtro: z
      .enum(codesOf(POST_APPROVAL_FILTERS) as [string, ...string[]], {
        error: 'O campo Filtro deve ser aguardando, ultima-semana, ativas ou todas.',
      })
      .default('aguardando')
      .transform((f) => f as (typeof POST_APPROVAL_FILTERS)[number]['code']),
  }),
);
export type PostApprovalListBody = z.infer<typeof postApprovalListBody>;

const stage = z.union(POST_APPROVAL_STAGES.map((s) => z.literal(s.code)));

export const postApprovalRow = z.object({
  id: z.number(),
  unidade: z.string().nullable(),
  endereco_id: z.string().nullable(),
  regional: z.string().nullable(),
  concessionaria: z.string().nullable(),
  etapa: stage,
  /** When the unit entered its current stage (ISO), and how many whole days ago. */
  desde: z.string(),
  dias: z.number(),
  /** Waiting longer than the server's deadline for a stage (never for an 'Ativa' unit). */
  atrasada: z.boolean(),
});
export type PostApprovalRow = z.infer<typeof postApprovalRow>;

export const postApprovalListReply = z.object({
  error: z.literal(0),
  total: z.number(),
  /** The deadline in days that flags a row as late. */
  prazo_dias: z.number(),
  dados: z.array(postApprovalRow),
});
export type PostApprovalListReply = z.infer<typeof postApprovalListReply>;

export const postApprovalRecordBody = z.object({ id: recordId });

const validationEntry = z.object({
  tipo: z.union(VALIDATION_TYPES.map((t) => z.literal(t))),
  status: z.number(),
  responsavel: z.string(),
  cargo: z.string(),
  identificacao_tim: z.string().nullable(),
  elemento_de_rede: z.string().nullable(),
  tipologia: z.string().nullable(),
  data_validacao: z.string().nullable(),
  chave_debito: z.string().nullable(),
  observacao: z.string().nullable(),
  /** Who saved it, and when (ISO). */
  nome: z.string(),
  data: z.string(),
});
export type ValidationEntry = z.infer<typeof validationEntry>;

export const postApprovalRecordReply = z.object({
  error: z.literal(0),
  dados: z.object({
    id: z.number(),
    version: z.number(),
    status: z.number(),
    /** null: the request is not (or no longer) waiting after approval — e.g. sent back to 14. */
    etapa: stage.nullable(),
    desde: z.string().nullable(),
    dias: z.number().nullable(),
    data_primeira_fatura: z.string().nullable(),
    data_recebimento_fatura: z.string().nullable(),
    /** The names of the request's regional and concessionaire, as the block shows them. */
    regional: z.string().nullable(),
    concessionaria: z.string().nullable(),
    /** Every validation recorded, newest first. */
    validacoes: z.array(validationEntry),
    /** The request as the validator's role reads it (the fields of spec part 2 §3). */
    solicitacao: requestRecordSchema,
  }),
});
export type PostApprovalRecord = z.infer<typeof postApprovalRecordReply>['dados'];

const common = {
  id: recordId,
  version: requiredRef('Versão'),
  responsavel: requiredText(POST_APPROVAL_MAX.responsavel, 'Responsável'),
  cargo: requiredText(POST_APPROVAL_MAX.cargo, 'Cargo'),
  status: requiredCode(codesOf(VALIDATION_RESULTS), 'Status').transform((s) => s as ValidationResult),
  observacao: optionalText(POST_APPROVAL_MAX.observacao, 'Observação'),
  /** Why it is Não Aprovado (issue 34 step 3); judged by judgeReason on the server. */
  ...reasonFields,
};

/** Pre-validation (tipo 1): the technical check of the unit. */
export const preValidationBody = z
  .object({
    ...common,
    tipo: z.literal(1),
    identificacao_tim: optionalText(POST_APPROVAL_MAX.identificacao_tim, 'Identificação TIM'),
    elemento_de_rede: optionalText(POST_APPROVAL_MAX.elemento_de_rede, 'Elemento de Rede'),
    tipologia: optionalText(POST_APPROVAL_MAX.tipologia, 'Tipologia'),
    data_validacao: optionalDate('Data da Validação').pipe(
      z.string({ error: 'O campo Data da Validação é obrigatório.' }),
    ),
  })
  .superRefine((v, ctx) => {
    const future = validationDateProblem(v.data_validacao, new Date());
    if (future) ctx.addIssue({ code: 'custom', path: ['data_validacao'], message: future });
  });

/** Final validation (tipo 2): how the unit will be paid. */
export const finalValidationBody = z.object({
  ...common,
  tipo: z.literal(2),
  chave_debito: optionalText(POST_APPROVAL_MAX.chave_debito, 'Chave de Débito'),
});

const refusalNeedsObservation = (
  v: { status: ValidationResult; observacao?: string | null },
  ctx: z.RefinementCtx,
) => {
  const problem = validationObservationProblem(v.status, v.observacao);
  if (problem) ctx.addIssue({ code: 'custom', path: ['observacao'], message: problem });
};

/** /validar-uc/{id}/{tipo}: the body names its tipo; any other than 1 or 2 is refused by name. */
export const validationBody = z
  .discriminatedUnion('tipo', [preValidationBody, finalValidationBody], {
    error: 'O campo Tipo deve ser 1 (pré-validação) ou 2 (validação final).',
  })
  .superRefine(refusalNeedsObservation);
export type ValidationBody = z.infer<typeof validationBody>;

/** /acompanhar-uc/{id}: the first invoice and the UC's situation on site. */
export const followUpBody = z
  .object({
    id: recordId,
    version: requiredRef('Versão'),
    situacao: requiredCode(codesOf(SITE_SITUATIONS), 'Situação da UC').transform((s) => s as SiteSituation),
    data_primeira_fatura: optionalDate('Data de Emissão da 1ª Fatura'),
    data_recebimento_fatura: optionalDate('Data de Recebimento da 1ª Fatura'),
    observacao: optionalText(POST_APPROVAL_MAX.observacao, 'Observação'),
  })
  .superRefine((v, ctx) => {
    const problem = followUpProblem(v, new Date());
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.msg });
  });
export type FollowUpBody = z.infer<typeof followUpBody>;

export const postApprovalSaveReply = z.object({
  error: z.literal(0),
  msg: z.string(),
  version: z.number(),
  status: z.number(),
  etapa: stage.nullable(),
});
export type PostApprovalSaveReply = z.infer<typeof postApprovalSaveReply>;
