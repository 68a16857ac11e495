import { sql } from 'drizzle-orm';
import { baseProvedor, concessionarias, solicitacoes } from '../db/schema.ts';

/** The unit the base should now hold: an ownership change's new unit when it has one. */
export const unitSought = sql<string>`coalesce(nullif(${solicitacoes.unidadeNova}, ''), ${solicitacoes.unidade}, '')`;

/**
 * Whether the provider's base holds the request's unit for its concessionaire: by the id an import
 * resolved, or by the name rows seeded before imports carry (the query joins concessionarias).
 * Served by base_provedor_uc_idx. The base confirmation lists by it and the inbox counts by it.
 */
export const inBase = sql<boolean>`exists (
  select 1 from ${baseProvedor}
  where ${baseProvedor.fluxo} = ${solicitacoes.fluxo}
    and lower(${baseProvedor.uc}) = lower(${unitSought})
    and (${baseProvedor.idConcessionaria} = ${solicitacoes.idConcessionaria}
      or lower(${baseProvedor.concessionaria}) = lower(${concessionarias.nome})))`;
