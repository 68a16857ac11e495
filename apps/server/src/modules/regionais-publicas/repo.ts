import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { regionais } from '../../db/schema.ts';

/** Every regional's id, acronym and the UFs it serves: none of the managers' contacts. */
export const publicRegionals = (db: DbOrTx) =>
  db
    .select({ id: regionais.id, regional: regionais.regional, ufs: regionais.ufs })
    .from(regionais)
    .orderBy(asc(regionais.id));
