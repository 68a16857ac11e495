import { and, eq } from 'drizzle-orm';
import type { Flow, StatusLabelKind } from '@portal/domain';
import type { DbOrTx } from '../db/client.ts';
import { statusRotulos } from '../db/schema.ts';

/** The administered labels of one form's statuses (or the regularization's), by code. */
export async function statusLabelsOf(
  db: DbOrTx,
  fluxo: Flow,
  tipo: StatusLabelKind,
): Promise<Map<number, string>> {
  const rows = await db
    .select({ codigo: statusRotulos.codigo, rotulo: statusRotulos.rotulo })
    .from(statusRotulos)
    .where(and(eq(statusRotulos.fluxo, fluxo), eq(statusRotulos.tipo, tipo)));
  return new Map(rows.map((r) => [r.codigo, r.rotulo]));
}
