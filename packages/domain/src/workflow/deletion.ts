import { isReadOnlyProfile, PROFILE, type Actor } from '../access/groups.ts';
import { initialStatus } from './transitions.ts';

/** Why a request may not be deleted, or null when it may (unidades/delete, agua/troca-unidades/delete). */
export const CANNOT_DELETE = 'Somente quem criou a solicitação pode excluí-la, e apenas antes de qualquer andamento.';

/**
 * A request may be deleted by its creator while it still sits in the status it was created with
 * (nobody has acted on it yet), or by an administrator. Anything later is history and stays.
 */
export function deletionProblem(
  actor: Pick<Actor, 'papel' | 'perfil'> & { id: number },
  request: { status: number; idUsuario: number; statusChanges: number },
): string | null {
  if (isReadOnlyProfile(actor)) return CANNOT_DELETE;
  if (actor.perfil === PROFILE.ADMINISTRADOR) return null;
  const untouched = request.statusChanges <= 1 && request.status === initialStatus(actor.papel);
  return request.idUsuario === actor.id && untouched ? null : CANNOT_DELETE;
}
