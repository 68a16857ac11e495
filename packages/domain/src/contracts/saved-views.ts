import { z } from 'zod';
import { REQUEST_LIST_COLUMNS } from '../lists/request-list-columns.ts';
import { REQUEST_LIST_SORTS } from '../schemas/list.ts';

/** A saved view as the API answers it (the body is schemas/saved-views.ts). */
export const savedView = z.object({
  id: z.number(),
  nome: z.string(),
  padrao: z.boolean(),
  filtros: z.object({
    status: z.array(z.number()).optional(),
    regional: z.number().optional(),
    uf: z.string().optional(),
    concessionaria: z.number().optional(),
    de: z.string().optional(),
    ate: z.string().optional(),
    q: z.string().optional(),
  }),
  colunas: z.array(z.enum(REQUEST_LIST_COLUMNS)),
  ordem: z.enum(REQUEST_LIST_SORTS).nullable(),
  sentido: z.enum(['asc', 'desc']),
  por_pagina: z.number(),
  version: z.number(),
});
export type SavedView = z.infer<typeof savedView>;

/** The user's views of one list, by name (at most SAVED_VIEW_LIMITS.porLista). */
export const savedViewListReply = z.object({ error: z.literal(0), dados: z.array(savedView) });
