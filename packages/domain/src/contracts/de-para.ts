import { z } from 'zod';
import { DE_PARA_TIPOS } from '../catalogs/de-para.ts';
import { FLOWS_LIST } from '../catalogs/flow-kind.ts';

/**
 * The answers of the /de-para calls (issue 11), declared once for the server's response schemas
 * and the web's types. The body is schemas/de-para.ts; envelopes are contracts/envelopes.ts.
 */

export const deParaRow = z.object({
  id: z.number(),
  tipo: z.enum(DE_PARA_TIPOS),
  de: z.string(),
  /** What is stored: a concessionaire's name, a regional's id (as text) or a voltage label. */
  para: z.string(),
  /** How the screen shows `para`: a regional's code instead of its id; otherwise `para` itself. */
  para_rotulo: z.string(),
  cadastrado: z.string(),
  version: z.number(),
});
export type DeParaRow = z.infer<typeof deParaRow>;

/** What the form's "Para" offers: every registered concessionaire (both flows) and regional. */
export const deParaOptions = z.object({
  concessionarias: z.array(z.object({ nome: z.string(), fluxo: z.enum(FLOWS_LIST) })),
  regionais: z.array(z.object({ id: z.number(), regional: z.string() })),
});
export type DeParaOptions = z.infer<typeof deParaOptions>;
export const deParaOptionsReply = z.object({ error: z.literal(0), dados: deParaOptions });
