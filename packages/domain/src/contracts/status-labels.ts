import { z } from 'zod';
import { FLOWS_LIST } from '../catalogs/flow-kind.ts';
import { STATUS_LABEL_KINDS } from '../schemas/admin-reference.ts';

/**
 * Every signed-in user reads the status names (GET status-rotulos): lists, badges and selectors
 * show the names the administrators gave. Apart from the administration's contracts, which a
 * request page does not load.
 */
export const statusLabelEntry = z.object({
  fluxo: z.enum(FLOWS_LIST),
  tipo: z.enum(STATUS_LABEL_KINDS),
  codigo: z.number(),
  rotulo: z.string(),
});
export type StatusLabelEntry = z.infer<typeof statusLabelEntry>;
export const statusLabelEntriesReply = z.object({ error: z.literal(0), dados: z.array(statusLabelEntry) });
