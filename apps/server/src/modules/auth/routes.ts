import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBody,
  loginBody,
  lostPasswordBody,
  resetPasswordBody,
  sessionUserSchema,
} from '@portal/domain';
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

const ok = z.object({ error: z.literal(0), msg: z.string().optional() });
const userReply = z.object({ error: z.literal(0), msg: z.string().optional(), user: sessionUserSchema });

/** The calls made before signing in: sign-in and password recovery (spec part 2 §7). */
export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      ...signInRateLimits(app),
      schema: {
        tags: ['Autenticação'],
        body: loginBody,
        response: { 200: z.object({ error: z.literal(0), token: z.string(), user: sessionUserSchema }) },
      },
    },
    async (request) => {
      const { token, user } = await login(app.db, { ...request.body, ip: request.ip });
      return { error: 0 as const, token, user };
    },
  );

  app.post(
    '/lost-password',
    {
      ...recoveryRateLimits(app),
      schema: { tags: ['Autenticação'], body: lostPasswordBody, response: { 200: ok } },
    },
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
  );

  app.post(
    '/change-password-new',
    { schema: { tags: ['Autenticação'], body: resetPasswordBody, response: { 200: ok } } },
    async (request) => {
      await resetPassword(app.db, request.body.hash, request.body.password, request.ip);
      return { error: 0 as const, msg: PASSWORD_RESET };
    },
  );
};

/** Calls a user who must change the password may still make: see who they are, leave, change it. */
const BEFORE_PASSWORD_CHANGE = { allowedBeforePasswordChange: true };

/** The session's own calls (GUIDE §4 login/logout), registered behind `authenticate`. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/validate',
    { config: BEFORE_PASSWORD_CHANGE, schema: { tags: ['Autenticação'], response: { 200: userReply } } },
    async (request) => ({ error: 0 as const, user: request.user }),
  );

  app.post(
    '/logout',
    { config: BEFORE_PASSWORD_CHANGE, schema: { tags: ['Autenticação'], response: { 200: ok } } },
    async (request) => {
      await revokeSession(app.db, request.sessionToken);
      return { error: 0 as const, msg: 'Sessão encerrada.' };
    },
  );

  app.post(
    '/change-password',
    {
      ...currentPasswordRateLimits(app),
      config: BEFORE_PASSWORD_CHANGE,
      schema: { tags: ['Autenticação'], body: changePasswordBody, response: { 200: userReply } },
    },
    async (request) => {
      const user = await changePassword(
        app.db,
        { user: request.user, token: request.sessionToken },
        { senhaAtual: request.body.senha_atual, password: request.body.password, ip: request.ip },
      );
      return { error: 0 as const, msg: PASSWORD_CHANGED, user };
    },
  );
};
