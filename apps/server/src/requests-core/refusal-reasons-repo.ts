import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { motivosRecusa } from '../db/schema.ts';

/** One catalogue reason by id, as the save gates judge it (judgeReason); undefined when none. */
export async function findRefusalReason(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: motivosRecusa.id,
      movimento: motivosRecusa.movimento,
      nome: motivosRecusa.nome,
      ativo: motivosRecusa.ativo,
    })
    .from(motivosRecusa)
    .where(eq(motivosRecusa.id, id));
  return row;
}
