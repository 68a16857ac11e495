import { PROFILE, type Actor, type RoleKind } from './groups.ts';

/**
 * Which requests a user may read (GUIDE §3: scope comes from the session, never from the payload).
 * - 'all': the central teams that work on every request.
 * - 'regional': the regionals the user covers.
 * - 'empresa': only the requests of the user's own company.
 */
export type RecordScope = 'all' | 'regional' | 'empresa';

const SCOPE_BY_ROLE: Record<RoleKind, RecordScope> = {
  amee: 'all',
  celula: 'all',
  grupo_tim: 'all',
  energy_efficiency: 'all',
  property: 'all',
  analise_property: 'all',
  regional: 'regional',
  tower: 'empresa',
  terceiros: 'empresa',
  solicitante: 'empresa',
};

export const recordScope = (actor: Pick<Actor, 'papel' | 'perfil'>): RecordScope =>
  actor.perfil === PROFILE.ADMINISTRADOR ? 'all' : SCOPE_BY_ROLE[actor.papel];
