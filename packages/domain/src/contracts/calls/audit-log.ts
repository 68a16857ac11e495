import { defineCall, menuRule } from '../call.ts';
import { auditLogFiltersReply, auditLogListBody, auditLogListReply } from '../audit-log.ts';

/** /logs 'Logs de Ações' (issue 14): the audit trail, for administrators only (the menu's rule). */
const tags = ['Logs de Ações'];

export const auditLogListCall = defineCall({
  method: 'POST',
  path: '/api/logs/list',
  tags,
  access: menuRule('logs'),
  body: auditLogListBody,
  answer: auditLogListReply,
});

/** Takes no body: the filters' options. */
export const auditLogFiltersCall = defineCall({
  method: 'POST',
  path: '/api/logs/filtros',
  tags,
  access: menuRule('logs'),
  answer: auditLogFiltersReply,
});
