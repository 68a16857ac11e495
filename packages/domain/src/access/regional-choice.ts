import { regionalServesUf } from '../catalogs/regionals.ts';
import type { Actor } from './groups.ts';
import { recordScope } from './scope.ts';

type Chooser = Pick<Actor, 'papel' | 'perfil'> & { readonly regionais: readonly number[] };

/** The refusal of a regional the user does not cover, on the form's Regional field. */
export const REGIONAL_NOT_COVERED = 'Você só pode escolher uma regional que atende.';

/**
 * Whether the user may send a request to this regional: a user who reads only the regionals it
 * covers would otherwise file a request it could not read again (issue 9). Everyone else may
 * choose any regional; whether it serves the UF is `regionalServesUf`.
 */
export const mayChooseRegional = (user: Chooser, regionalId: number): boolean =>
  recordScope(user) !== 'regional' || user.regionais.includes(regionalId);

/**
 * What the request form's Regional field offers (issue 34 step 5): the regionals the server would
 * accept from this user for this UF. Before a UF is chosen, a regional user is offered its own
 * (its choice does not wait for the UF); anyone else, none yet.
 */
export function regionalChoices<R extends { readonly id: number; readonly ufs: readonly string[] }>(
  user: Chooser,
  rows: readonly R[],
  uf: string,
): R[] {
  const allowed = rows.filter((r) => mayChooseRegional(user, r.id));
  if (!uf) return recordScope(user) === 'regional' ? allowed : [];
  return allowed.filter((r) => regionalServesUf(r, uf));
}
