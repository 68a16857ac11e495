import { auditActionLabel, auditChanges, auditEntityLabel, MAX_ID } from '@portal/domain';
import type { AuditLogListBody, AuditLogListReply } from '@portal/domain/contracts/audit-log';
import type { Database } from '../../db/client.ts';
import { isoDate } from '../../http/replies.ts';
import { listEntries, namesOf, type AuditLogEntry } from './repo.ts';

const REGIONAL_FIELDS = ['regional', 'id_regional', 'regionais'];
const CONCESSIONAIRE_FIELDS = ['id_concessionaria'];

const asId = (value: unknown): number[] => {
  if (Array.isArray(value)) return value.flatMap(asId);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_ID ? [value] : [];
};

/** The regional and concessionaire ids a page's entries hold, to show them by name. */
function referencedIds(entries: AuditLogEntry[]) {
  const regionais = new Set<number>();
  const concessionarias = new Set<number>();
  for (const entry of entries) {
    // A regional's own record names itself; its `regional` is a text, not an id.
    if (entry.entidade === 'regional') continue;
    for (const side of [entry.antes, entry.depois]) {
      if (side === null || typeof side !== 'object') continue;
      const record = side as Record<string, unknown>;
      for (const f of REGIONAL_FIELDS) asId(record[f]).forEach((id) => regionais.add(id));
      for (const f of CONCESSIONAIRE_FIELDS) asId(record[f]).forEach((id) => concessionarias.add(id));
    }
  }
  return { regionais: [...regionais], concessionarias: [...concessionarias] };
}

/** A page of /logs: who did what to which record, when, and each field's before → after. */
export async function listLogs(db: Database, query: AuditLogListBody): Promise<AuditLogListReply> {
  const { rows, total, limited } = await listEntries(db, query);
  const names = await namesOf(db, referencedIds(rows));
  return {
    error: 0,
    total,
    total_limitado: limited,
    dados: rows.map((row) => ({
      id: row.id,
      data: isoDate(new Date(row.createdAt)),
      usuario: row.usuario,
      acao: row.acao,
      acao_label: auditActionLabel(row.acao),
      entidade: row.entidade,
      entidade_label: auditEntityLabel(row.entidade),
      entidade_id: row.entidadeId,
      ip: row.ip,
      alteracoes: auditChanges(row, names),
    })),
  };
}
