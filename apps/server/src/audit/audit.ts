import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { AuditAction } from './actions.ts';

export interface AuditEntry {
  idUsuario: number | null;
  acao: AuditAction;
  entidade: string;
  entidadeId?: string | number | null;
  antes?: unknown;
  depois?: unknown;
  ip?: string;
}

/** The width of audit_log.ip: a forged X-Forwarded-For may name an "address" of any length. */
const IP_MAX = 64;

/** Call inside the transaction of the change it records, so both commit or neither does. */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    idUsuario: entry.idUsuario,
    acao: entry.acao,
    entidade: entry.entidade,
    entidadeId: entry.entidadeId == null ? null : String(entry.entidadeId),
    antes: entry.antes ?? null,
    depois: entry.depois ?? null,
    ip: entry.ip?.slice(0, IP_MAX) ?? null,
  });
}
