import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBody, loginBody, lostPasswordBody, resetPasswordBody, sessionUserSchema } from '@portal/domain';
import { authenticate } from '../../auth/authenticate.ts';
import { credentialRateLimits } from '../../auth/rate-limits.ts';
import { revokeSession } from '../../auth/sessions.ts';
import { changePassword, PASSWORD_CHANGED } from './change-password.ts';
import { login } from './login.ts';
import { LOST_PASSWORD_ANSWER, requestPasswordReset } from './lost-password.ts';
import { PASSWORD_RESET, resetPassword } from './reset-password.ts';

const ok = z.object({ error: z.literal(0), msg: z.string().optional() });
const userReply = z.object({ error: z.literal(0), msg: z.string().optional(), user: sessionUserSchema });

/** Sign-in, session and password calls (spec part 2 §7; GUIDE §4 login/logout). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      ...credentialRateLimits(app, (status) => status === 401),
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

  app.get(
    '/validate',
    { preHandler: authenticate, schema: { tags: ['Autenticação'], response: { 200: userReply } } },
    async (request) => ({ error: 0 as const, user: request.user }),
  );

  app.post(
    '/logout',
    { preHandler: authenticate, schema: { tags: ['Autenticação'], response: { 200: ok } } },
    async (request) => {
      await revokeSession(app.db, request.sessionToken);
      return { error: 0 as const, msg: 'Sessão encerrada.' };
    },
  );

  app.post(
    '/change-password',
    { preHandler: authenticate, schema: { tags: ['Autenticação'], body: changePasswordBody, response: { 200: userReply } } },
    async (request) => {
      const user = await changePassword(app.db, request.user, request.body.password, request.ip);
      return { error: 0 as const, msg: PASSWORD_CHANGED, user };
    },
  );

  app.post(
    '/lost-password',
    {
      ...credentialRateLimits(app, (status) => status === 200),
      schema: { tags: ['Autenticação'], body: lostPasswordBody, response: { 200: ok } },
    },
    async (request) => {
      await requestPasswordReset(
        { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl, validMinutes: app.config.passwordResetMinutes },
        request.body.email,
        request.ip,
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
