import { z } from 'zod/mini';
import { loginBody, sessionUserSchema } from '../../auth/sign-in.ts';
import { defineCall, PUBLIC, SIGNED_IN } from '../call.ts';

/**
 * Signing in, keeping the session and signing out (GUIDE §4; spec part 2 §7): zod/mini only, as
 * the web's first load (the sign-in page) imports these. The password calls are in auth.ts.
 */
export const AUTH_TAGS = ['Autenticação'];
const tags = AUTH_TAGS;

export const messageAnswer = z.object({ error: z.literal(0), msg: z.optional(z.string()) });
export const loginAnswer = z.object({ error: z.literal(0), token: z.string(), user: sessionUserSchema });
export const userAnswer = z.object({
  error: z.literal(0),
  msg: z.optional(z.string()),
  user: sessionUserSchema,
});
export type LoginAnswer = z.infer<typeof loginAnswer>;
export type UserAnswer = z.infer<typeof userAnswer>;

export const loginCall = defineCall({
  method: 'POST',
  path: '/api/login',
  tags,
  access: PUBLIC,
  body: loginBody,
  answer: loginAnswer,
  // Wrong e-mail or password (401); an inactive user or company (403).
  errors: ['unauthenticated', 'forbidden', 'tooMany'],
});

export const validateCall = defineCall({
  method: 'GET',
  path: '/api/validate',
  tags,
  access: SIGNED_IN,
  answer: userAnswer,
});

export const logoutCall = defineCall({
  method: 'POST',
  path: '/api/logout',
  tags,
  access: SIGNED_IN,
  answer: messageAnswer,
});
