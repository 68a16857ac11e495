import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordCall, lostPasswordCall, resetPasswordCall } from '@portal/domain/contracts/calls/auth';
import { loginCall, logoutCall, validateCall } from '@portal/domain/contracts/calls/sign-in';
import { route } from '../../http/route.ts';
import { currentPasswordRateLimits, recoveryRateLimits, signInRateLimits } from '../../auth/rate-limits.ts';
import { revokeSession } from '../../auth/sessions.ts';
import { changePassword, PASSWORD_CHANGED } from './change-password.ts';
import { login } from './login.ts';
import {
  atLeast,
  LOST_PASSWORD_ANSWER,
  LOST_PASSWORD_MIN_MS,
  requestPasswordReset,
} from './lost-password.ts';
import { PASSWORD_RESET, resetPassword } from './reset-password.ts';

/** The calls made before signing in: sign-in and password recovery (spec part 2 §7). */
export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    loginCall,
    async (request) => {
      const { token, user } = await login(app.db, { ...request.body, ip: request.ip });
      return { error: 0 as const, token, user };
    },
    signInRateLimits(app),
  );

  route(
    app,
    lostPasswordCall,
    async (request) => {
      await atLeast(LOST_PASSWORD_MIN_MS, () =>
        requestPasswordReset(
          { db: app.db, validMinutes: app.config.passwordResetMinutes },
          request.body.email,
          request.ip,
        ),
      );
      return { error: 0 as const, msg: LOST_PASSWORD_ANSWER };
    },
    recoveryRateLimits(app),
  );

  route(app, resetPasswordCall, async (request) => {
    await resetPassword(app.db, request.body.hash, request.body.password, request.ip);
    return { error: 0 as const, msg: PASSWORD_RESET };
  });
};

/** Calls a user who must change the password may still make: see who they are, leave, change it. */
const BEFORE_PASSWORD_CHANGE = { allowedBeforePasswordChange: true };

/** The session's own calls (GUIDE §4 login/logout), registered behind `authenticate`. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, validateCall, async (request) => ({ error: 0 as const, user: request.user }), {
    config: BEFORE_PASSWORD_CHANGE,
  });

  route(
    app,
    logoutCall,
    async (request) => {
      await revokeSession(app.db, request.sessionToken);
      return { error: 0 as const, msg: 'Sessão encerrada.' };
    },
    { config: BEFORE_PASSWORD_CHANGE },
  );

  route(
    app,
    changePasswordCall,
    async (request) => {
      const user = await changePassword(
        app.db,
        { user: request.user, token: request.sessionToken },
        { senhaAtual: request.body.senha_atual, password: request.body.password, ip: request.ip },
      );
      return { error: 0 as const, msg: PASSWORD_CHANGED, user };
    },
    { ...currentPasswordRateLimits(app), config: BEFORE_PASSWORD_CHANGE },
  );
};
