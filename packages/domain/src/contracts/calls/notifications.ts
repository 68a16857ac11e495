import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../call.ts';
import {
  emailPreferenceBody,
  emailPreferenceReply,
  markReadBody,
  markReadReply,
  notificationListQuery,
  notificationListReply,
  unreadCountReply,
} from '../notifications.ts';

/**
 * The bell (issue 15): every signed-in user reads and marks only their own notices (the user is
 * the session's); marking read and the e-mail choice are the user's own settings, so profile 3 may.
 */
const tags = ['Notificações'];

export const notificationListCall = defineCall({
  method: 'GET',
  path: '/api/notificacoes',
  tags,
  access: SIGNED_IN,
  query: notificationListQuery,
  answer: notificationListReply,
});

export const unreadCountCall = defineCall({
  method: 'GET',
  path: '/api/notificacoes/nao-lidas',
  tags,
  access: SIGNED_IN,
  answer: unreadCountReply,
});

export const markReadCall = defineCall({
  method: 'POST',
  path: '/api/notificacoes/lida',
  tags,
  access: SIGNED_IN,
  body: markReadBody,
  answer: markReadReply,
  errors: ['notFound'],
});

export const markAllReadCall = defineCall({
  method: 'POST',
  path: '/api/notificacoes/todas-lidas',
  tags,
  access: SIGNED_IN,
  body: z.object({}).optional(),
  answer: markReadReply,
});

export const emailPreferenceCall = defineCall({
  method: 'POST',
  path: '/api/notificacoes/preferencia',
  tags,
  access: SIGNED_IN,
  body: emailPreferenceBody,
  answer: emailPreferenceReply,
});
