import { defineCall, SIGNED_IN } from '../call.ts';
import { searchQuery, searchReply } from '../search.ts';

/**
 * The top bar's search (issue 34). Any signed-in user may call it: each group is answered only to
 * whoever may open that form or list (the same rule as its menu entry), and its records only
 * within the session's scope, so a user with no form gets an empty answer, never a refusal.
 */
export const searchCall = defineCall({
  method: 'GET',
  path: '/api/busca',
  summary: 'Busca geral: solicitações e regularizações, agrupadas por formulário',
  tags: ['Busca'],
  access: SIGNED_IN,
  query: searchQuery,
  answer: searchReply,
});
