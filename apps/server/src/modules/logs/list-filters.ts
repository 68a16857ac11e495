import { auditActionLabel, auditEntityLabel } from '@portal/domain';
import type { AuditLogFilters } from '@portal/domain/contracts/audit-log';
import type { DbOrTx } from '../../db/client.ts';
import { distinctActions, distinctEntities, distinctUsers } from './repo.ts';

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, 'pt-BR');

/** What /logs' filters offer: the users, entities and actions the log holds, by name. */
export async function listFilters(db: DbOrTx): Promise<AuditLogFilters> {
  const [users, entities, actions] = await Promise.all([
    distinctUsers(db),
    distinctEntities(db),
    distinctActions(db),
  ]);
  return {
    usuarios: users.map((u) => ({ value: String(u.id), label: u.name })),
    entidades: entities.map((e) => ({ value: e, label: auditEntityLabel(e) })).sort(byLabel),
    acoes: actions.map((a) => ({ value: a, label: auditActionLabel(a) })).sort(byLabel),
  };
}
