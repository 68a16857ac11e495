import { z } from 'zod';
import { isStorableText, optionalDate, optionalId } from '../schemas/fields.ts';
import { listQuery } from '../schemas/list.ts';

/**
 * The calls of /logs 'Logs de Ações' (issue 14): the audit trail every save writes, newest first,
 * filtered by user, entity, action and period (Brasília calendar days), each entry with its
 * before → after field by field. Administrators only. Declared once for server and web.
 */

/** How deep a filter's pages go: the newest 10,000 rows; older ones are reached by the filters. */
export const AUDIT_LOG_MAX_ROWS = 10_000;

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

export const AUDIT_LOG_RANGE_OUT_OF_ORDER = 'A data De deve ser anterior ou igual à data Até.';
export const AUDIT_LOG_TOO_DEEP = `A lista mostra os ${AUDIT_LOG_MAX_ROWS.toLocaleString('pt-BR')} registros mais recentes de cada filtro: use os filtros (período, usuário, entidade, ação) para chegar aos mais antigos.`;

export const auditLogListBody = z.preprocess(
  (v) => v ?? {},
  listQuery
    .pick({ page: true, per_page: true })
    .extend({
      id_usuario: z.preprocess(blankToUndefined, optionalId('Usuário')),
      entidade: z.preprocess(
        blankToUndefined,
        z
          .string({ error: 'O campo Entidade é inválido.' })
          .max(60, 'O campo Entidade é inválido.')
          .refine(isStorableText, 'O campo Entidade contém caracteres inválidos.')
          .regex(/^[a-z][a-z0-9_.-]*$/, 'O campo Entidade é inválido.')
          .optional(),
      ),
      // Checked by shape, as the entity is: the log may hold an action a newer version wrote, and
      // /logs/filtros offers every action the log holds.
      acao: z.preprocess(
        blankToUndefined,
        z
          .string({ error: 'O campo Ação é inválido.' })
          .max(60, 'O campo Ação é inválido.')
          .regex(/^[a-z][a-z0-9-]*$/, 'O campo Ação é inválido.')
          .optional(),
      ),
      de: optionalDate('De'),
      ate: optionalDate('Até'),
      // The id of the last row of the page before, sent when paging forward: the next page starts
      // right after it, so an entry written meanwhile (someone signs in) repeats no row.
      apos: optionalId('Posição da lista'),
    })
    .refine((q) => !q.de || !q.ate || q.de <= q.ate, { message: AUDIT_LOG_RANGE_OUT_OF_ORDER, path: ['ate'] })
    .refine((q) => (q.page - 1) * q.per_page < AUDIT_LOG_MAX_ROWS, {
      message: AUDIT_LOG_TOO_DEEP,
      path: ['page'],
    }),
);
export type AuditLogListBody = z.infer<typeof auditLogListBody>;

export const auditChangeRow = z.object({
  campo: z.string(),
  label: z.string(),
  antes: z.string().nullable(),
  depois: z.string().nullable(),
});

export const auditLogRow = z.object({
  id: z.number(),
  /** When (ISO instant). */
  data: z.string(),
  /** Who, by name; null when the system acted (the first administrator) or the user was deleted. */
  usuario: z.string().nullable(),
  acao: z.string(),
  acao_label: z.string(),
  entidade: z.string(),
  entidade_label: z.string(),
  entidade_id: z.string().nullable(),
  ip: z.string().nullable(),
  alteracoes: z.array(auditChangeRow),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;

export const auditLogListReply = z.object({
  error: z.literal(0),
  /**
   * Exact up to a limit that grows as the pages go deeper (at least 1,000 rows, ten pages past the
   * one asked, at most AUDIT_LOG_MAX_ROWS); past it `total` is that limit and `total_limitado` true:
   * the screen says "mais de".
   */
  total: z.number(),
  total_limitado: z.boolean(),
  dados: z.array(auditLogRow),
});
export type AuditLogListReply = z.infer<typeof auditLogListReply>;

const filterOption = z.object({ value: z.string(), label: z.string() });
export const auditLogFiltersReply = z.object({
  error: z.literal(0),
  dados: z.object({
    /** The users who appear in the log, by name. */
    usuarios: z.array(filterOption),
    /** The entities the log holds. */
    entidades: z.array(filterOption),
    /** Every action the portal records. */
    acoes: z.array(filterOption),
  }),
});
export type AuditLogFilters = z.infer<typeof auditLogFiltersReply>['dados'];
