import { changePasswordBody, lostPasswordBody, resetPasswordBody } from '../../auth/schemas.ts';
import { defineCall, PUBLIC, SIGNED_IN } from '../call.ts';
import { AUTH_TAGS as tags, messageAnswer, userAnswer } from './sign-in.ts';

/** The password calls (GUIDE §4; spec part 2 §7): recovery, reset and change. */

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

export const changePasswordCall = defineCall({
  method: 'POST',
  path: '/api/change-password',
  tags,
  access: SIGNED_IN,
  body: changePasswordBody,
  answer: userAnswer,
  errors: ['tooMany'],
});
