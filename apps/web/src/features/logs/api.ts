import type { AuditLogListBody } from '@portal/domain/contracts/audit-log';
import { auditLogFiltersCall, auditLogListCall } from '@portal/domain/contracts/calls/audit-log';
import { call } from '../../api/client.ts';

export type { AuditLogFilters, AuditLogRow } from '@portal/domain/contracts/audit-log';

/** What the page sends: the filters it has, and the page. */
export type LogsParams = Partial<Omit<AuditLogListBody, 'page' | 'per_page'>> &
  Pick<AuditLogListBody, 'page' | 'per_page'>;

export const listLogs = (params: LogsParams) => call(auditLogListCall, { body: params });

export const readLogFilters = async () => (await call(auditLogFiltersCall)).dados;

/** Every query key of /logs. */
export const logsKeys = {
  all: ['logs'] as const,
  list: (params: LogsParams) => [...logsKeys.all, 'list', params] as const,
  filters: () => [...logsKeys.all, 'filtros'] as const,
};
