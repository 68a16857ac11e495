import type { FastifyRequest } from 'fastify';
import { canSee, writeProblem, type MenuKey } from '@portal/domain';
import { forbidden } from './errors.ts';

/**
 * onRequest hook of a screen's endpoints, after `authenticate`: the same rule that shows or hides
 * the screen's menu entry (MENU_RULES), so the menu and the server can never disagree. It runs
 * before the body is read, so a caller without access learns nothing from the payload's errors.
 */
export const menuGuard =
  (key: MenuKey) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!canSee(request.user, key)) throw forbidden();
  };

/** onRequest hook of a call that writes: profile 3 (Consulta) is read-only. */
export const writeGuard = async (request: FastifyRequest): Promise<void> => {
  const problem = writeProblem(request.user);
  if (problem) throw forbidden(problem);
};
