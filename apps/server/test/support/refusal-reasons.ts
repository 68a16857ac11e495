import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RefusalMove } from '@portal/domain';
import { motivosRecusa } from '../../src/db/schema.ts';

/**
 * The reason a refusing move must carry (issue 34 step 3): the first active seeded reason of that
 * move, as the body keys the saves take. For tests whose subject is not the reason itself.
 */
export async function reasonFor(app: FastifyInstance, movimento: RefusalMove) {
  const [row] = await app.db
    .select({ id: motivosRecusa.id })
    .from(motivosRecusa)
    .where(and(eq(motivosRecusa.movimento, movimento), eq(motivosRecusa.ativo, true)))
    .orderBy(asc(motivosRecusa.id))
    .limit(1);
  if (!row) throw new Error(`Nenhum motivo ativo para ${movimento}.`);
  return { motivo_recusa_id: row.id };
}
