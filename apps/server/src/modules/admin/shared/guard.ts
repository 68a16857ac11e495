import type { FastifyRequest } from 'fastify';
import { canSee, type MenuKey } from '@portal/domain';
import { forbidden } from '../../../http/errors.ts';

/**
 * onRequest hook of an administration endpoint, after `authenticate`: the same rule that shows or
 * hides the screen's menu entry (MENU_RULES), so the menu and the server can never disagree. It
 * runs before body validation, so a caller without access learns nothing from the payload's errors.
 */
export const adminGuard =
  (key: MenuKey) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!canSee(request.user, key)) throw forbidden();
  };
