import { z } from 'zod';
import {
  orderedColumns,
  REQUEST_LIST_COLUMNS,
  type RequestListColumn,
} from '../lists/request-list-columns.ts';
import { messages, optionalVersion, recordId, requiredText } from './fields.ts';
import {
  listQuery,
  REQUEST_LIST_RANGE_OUT_OF_ORDER,
  REQUEST_LIST_SORTS,
  requestListFilters,
} from './list.ts';

/**
 * A saved view of a request list (issue 34 step 5): a name, the list's filters, the columns shown,
 * the sort and the page size, kept per user and per list; one of them may be the default, which the
 * list applies when it is opened with no state of its own.
 */
export const SAVED_VIEW_LIMITS = {
  /** The name's length: a menu entry, read at a glance. */
  nome: 60,
  /** Views per user and list (docs/decisions/lists-and-search.md, D-LST-014). */
  porLista: 30,
} as const;

export const SAVED_VIEW_LABELS = { nome: 'Nome da visão' } as const;

export const savedViewLimitReached = () =>
  `Você já tem ${SAVED_VIEW_LIMITS.porLista} visões salvas nesta lista, o máximo. Apague ou substitua uma delas.`;
export const SAVED_VIEW_NAME_TAKEN = 'Você já tem uma visão com este nome nesta lista.';
export const SAVED_VIEW_NOT_FOUND = 'Visão salva não encontrada.';

/** The filters a view keeps: those of the list's URL (request-list-url.ts), the page aside. */
export const SAVED_VIEW_FILTERS = ['status', 'regional', 'uf', 'concessionaria', 'de', 'ate', 'q'] as const;
const isFilterKey = (key: string) => (SAVED_VIEW_FILTERS as readonly string[]).includes(key);

/** A name the client made up is quoted in the refusal, cut short: it is not ours to echo whole. */
const quoted = (value: unknown) => String(value).slice(0, 40);

const filters = z
  .object({ ...requestListFilters, q: listQuery.shape.q })
  .catchall(z.unknown())
  // A filter the list does not have is refused by name, not dropped: the view would not show it.
  .superRefine((f, ctx) => {
    for (const key of Object.keys(f)) {
      if (!isFilterKey(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          input: f[key],
          message: `Filtro desconhecido: ${quoted(key)}.`,
        });
    }
    if (f.de && f.ate && f.de > f.ate)
      ctx.addIssue({ code: 'custom', path: ['ate'], input: f.ate, message: REQUEST_LIST_RANGE_OUT_OF_ORDER });
  })
  .transform((f) =>
    Object.fromEntries(SAVED_VIEW_FILTERS.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])),
  );

const columns = z
  .array(z.enum(REQUEST_LIST_COLUMNS, { error: (issue) => `Coluna desconhecida: ${quoted(issue.input)}.` }), {
    error: messages.invalid('Colunas'),
  })
  .min(1, 'Escolha ao menos uma coluna.')
  .max(REQUEST_LIST_COLUMNS.length, `Escolha no máximo ${REQUEST_LIST_COLUMNS.length} colunas.`)
  .transform((names): RequestListColumn[] => orderedColumns(names));

/** What the list's state holds in a view: the body of add and edit, less the name and the default mark. */
const viewState = {
  filtros: filters.default({}),
  colunas: columns,
  ordem: z.enum(REQUEST_LIST_SORTS, { error: 'Ordenação inválida.' }).nullable().default(null),
  sentido: z.enum(['asc', 'desc'], { error: 'Ordem inválida.' }).default('desc'),
  por_pagina: listQuery.shape.per_page,
};

/** …/visoes/add. An id or a user id in the body is not read: the view is the session user's. */
export const savedViewBody = z.object({
  nome: requiredText(SAVED_VIEW_LIMITS.nome, SAVED_VIEW_LABELS.nome),
  padrao: z.boolean({ error: messages.invalid('Padrão') }).default(false),
  ...viewState,
});
export type SavedViewBody = z.output<typeof savedViewBody>;
export type SavedViewInput = z.input<typeof savedViewBody>;

/** …/visoes/edit: rename, overwrite with the list as it is now, or mark as the default. */
export const savedViewEditBody = savedViewBody.extend({ id: recordId, version: optionalVersion });
export type SavedViewEditBody = z.output<typeof savedViewEditBody>;
