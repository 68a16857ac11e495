import { normalizeValue, REQUEST_FIELDS, type RequestField } from '@portal/domain';
import type { RequestRecord } from '../api.ts';

/** One field someone else changed while this user was editing: what it held when the user opened it, and now. */
export interface ChangedField {
  field: RequestField | 'status' | 'anexos';
  before: string | null;
  after: string | null;
  /** The user had changed it too: their value stays in the form until they take the current one. */
  mine?: boolean;
}

const attachmentsOf = (record: RequestRecord) =>
  record.anexos
    .map((a) => `${a.tipo}:${a.id}`)
    .sort()
    .join(',');

/**
 * What changed between the record the user started from and the one stored now (after a 409): the
 * fields, the status and the attachments. Both records are what this user may see.
 */
export function changedFields(startedFrom: RequestRecord, now: RequestRecord): ChangedField[] {
  const changed: ChangedField[] = [];
  if (startedFrom.status !== now.status) {
    changed.push({ field: 'status', before: String(startedFrom.status), after: String(now.status) });
  }
  for (const field of REQUEST_FIELDS) {
    const before = normalizeValue(startedFrom[field]);
    const after = normalizeValue(now[field]);
    if (before !== after) changed.push({ field, before, after });
  }
  if (attachmentsOf(startedFrom) !== attachmentsOf(now)) {
    changed.push({ field: 'anexos', before: null, after: null });
  }
  return changed;
}
