import { z } from 'zod/mini';
import { changePasswordBody, lostPasswordBody, resetPasswordBody } from '../../auth/schemas.ts';
import { loginBody, sessionUserSchema } from '../../auth/sign-in.ts';
import { defineCall, PUBLIC, SIGNED_IN } from '../call.ts';

/** Sign-in, sign-out and password calls (GUIDE §4; spec part 2 §7). zod/mini: the web's first load. */
const tags = ['Autenticação'];

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

export const lostPasswordCall = defineCall({
  method: 'POST',
  path: '/api/lost-password',
  tags,
  access: PUBLIC,
  body: lostPasswordBody,
  answer: messageAnswer,
  errors: ['tooMany'],
});

export const resetPasswordCall = defineCall({
  method: 'POST',
  path: '/api/change-password-new',
  tags,
  access: PUBLIC,
  body: resetPasswordBody,
  answer: messageAnswer,
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

export const changePasswordCall = defineCall({
  method: 'POST',
  path: '/api/change-password',
  tags,
  access: SIGNED_IN,
  body: changePasswordBody,
  answer: userAnswer,
  errors: ['tooMany'],
});
