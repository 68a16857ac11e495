import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditLogFiltersReply,
  auditLogListBody,
  auditLogListReply,
} from '@portal/domain/contracts/audit-log';
import { menuGuard } from '../../http/menu-guard.ts';
import { listFilters } from './list-filters.ts';
import { listLogs } from './list-logs.ts';

/**
 * /logs 'Logs de Ações' (issue 14): the audit trail every save writes, for administrators only
 * (the menu's rule, checked before any body is read).
 */
export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Logs de Ações'];
  const onRequest = menuGuard('logs');

  app.post(
    '/logs/list',
    { onRequest, schema: { tags, body: auditLogListBody, response: { 200: auditLogListReply } } },
    async (request) => listLogs(app.db, request.body),
  );

  app.post(
    '/logs/filtros',
    { onRequest, schema: { tags, response: { 200: auditLogFiltersReply } } },
    async () => ({ error: 0 as const, dados: await listFilters(app.db) }),
  );
};
