import { z } from 'zod';
import { isStorableText } from '../schemas/fields.ts';
import { SEARCH_BAD_CHARACTERS, searchTextProblem } from '../search/text.ts';

/**
 * The top bar's search (issue 34): one text over every request form and the regularizations the
 * user may open, answered grouped by form. Scope comes from the session, never from the query.
 */

/**
 * The text: refused (422, campo q) when searchTextProblem says so — over 100 characters, only
 * punctuation, a NUL or a lone surrogate — with the same message the web shows under the box.
 * Checked as content (a refinement), not as a length, so every refusal of the box is one status.
 */
export const searchQuery = z.object({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v.normalize('NFC') : v),
    z
      .string({ error: 'Informe o que buscar.' })
      .superRefine((q, ctx) => {
        const problem = searchTextProblem(q) ?? (isStorableText(q) ? null : SEARCH_BAD_CHARACTERS);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((q) => q.trim()),
  ),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** The groups, in the order the top bar shows them. */
export const SEARCH_GROUPS = [
  'energia.nova',
  'energia.troca',
  'agua.nova',
  'agua.troca',
  'consolidacao.energia',
  'consolidacao.agua',
] as const;
export type SearchGroupKey = (typeof SEARCH_GROUPS)[number];

/** How many records each group shows; `mais` says there are others (the list finds them all). */
export const SEARCH_GROUP_LIMIT = 5;

export const searchHit = z.object({
  id: z.number().int(),
  status: z.number().int(),
  status_rotulo: z.string(),
  /** The unit (matrícula/RGI for water) or, without one, the address id. */
  titulo: z.string(),
  /** Address, city and ids as one line. */
  detalhe: z.string(),
  /** The record's screen in the web (`/cadastro-uc-nova/nova/12`). */
  link: z.string(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.object({
  grupo: z.enum(SEARCH_GROUPS),
  titulo: z.string(),
  itens: z.array(searchHit),
  mais: z.boolean(),
  /** The form's list filtered by the same text, for "ver todos". */
  link_lista: z.string(),
});
export type SearchGroup = z.infer<typeof searchGroup>;

export const searchReply = z.object({
  error: z.literal(0),
  dados: z.object({
    q: z.string(),
    /** Only the groups with results, of the forms the user may open. */
    grupos: z.array(searchGroup),
  }),
});
export type SearchReply = z.infer<typeof searchReply>;
