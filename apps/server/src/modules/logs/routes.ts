import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogFiltersCall, auditLogListCall } from '@portal/domain/contracts/calls/audit-log';
import { route } from '../../http/route.ts';
import { listFilters } from './list-filters.ts';
import { listLogs } from './list-logs.ts';

/**
 * /logs 'Logs de Ações' (issue 14): the audit trail every save writes, for administrators only
 * (the menu's rule, checked before any body is read).
 */
export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, auditLogListCall, async (request) => listLogs(app.db, request.body));
  route(app, auditLogFiltersCall, async () => ({ error: 0 as const, dados: await listFilters(app.db) }));
};
