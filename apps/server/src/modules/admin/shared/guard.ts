import type { FastifyRequest } from 'fastify';
import { canSee, type MenuKey } from '@portal/domain';
import { authenticate } from '../../../auth/authenticate.ts';
import { forbidden } from '../../../http/errors.ts';

/**
 * onRequest hooks of an administration endpoint: a session, then the same rule that shows or hides
 * the screen's menu entry (MENU_RULES), so the menu and the server can never disagree. They run
 * before body validation, so a caller without access learns nothing from the payload's errors.
 */
export const adminGuard = (key: MenuKey) => [
  authenticate,
  async (request: FastifyRequest): Promise<void> => {
    if (!canSee(request.user, key)) throw forbidden();
  },
];
