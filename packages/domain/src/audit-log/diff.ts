import { snakeCase, withoutSecrets } from './secrets.ts';
import { auditFieldLabel, COMPANIONS, formatAuditValue, type AuditNames } from './values.ts';

/** One field of an audit entry as /logs shows it: before → after, both as the user reads them. */
export interface AuditChange {
  campo: string;
  label: string;
  antes: string | null;
  depois: string | null;
}

export interface AuditEntryData {
  acao: string;
  entidade: string;
  antes: unknown;
  depois: unknown;
}

/** Bookkeeping every record carries: not a change anyone made. */
const NOT_SHOWN = new Set(['id', 'version', 'cadastrado', 'created_at', 'updated_at']);

/** What a deactivation turns off, by the name each record gives its flag. */
const ACTIVE_FLAGS = ['status', 'ativo', 'id_status'];

type JsonRecord = Record<string, unknown>;

/** An entry's side as a record with snake_case keys and no secrets; anything else is no record. */
function recordOf(side: unknown): JsonRecord | null {
  if (side === null || typeof side !== 'object' || Array.isArray(side)) return null;
  const clean = withoutSecrets(side) as JsonRecord;
  return Object.fromEntries(Object.entries(clean).map(([key, value]) => [snakeCase(key), value]));
}

/**
 * The fields of an audit entry as before → after, in the order the record lists them.
 * - an edit (both sides): only the fields whose shown value changed. A request's edit stores every
 *   field before and only the fields sent after, so a field absent after was not touched;
 * - a creation (after only): every filled field, from nothing;
 * - a deletion (before only): every filled field, to nothing;
 * - a deactivation: the active flag going from yes to no.
 * Secrets (password hashes, tokens) and bookkeeping (version, timestamps) never appear; an id whose
 * name travels beside it (a user's group) shows the name, once.
 */
export function auditChanges(entry: AuditEntryData, names: AuditNames = {}): AuditChange[] {
  const before = recordOf(entry.antes);
  const after = recordOf(entry.depois);
  const { acao, entidade } = entry;
  const companions = new Set(Object.values(COMPANIONS[entidade] ?? {}));
  const shown = (key: string) =>
    !NOT_SHOWN.has(key) && !companions.has(key) && !(entidade === 'usuario' && key === 'papel');
  const value = (record: JsonRecord | null, key: string) =>
    record ? formatAuditValue(key, record[key], { entidade, acao, record, names }) : null;
  const change = (campo: string, antes: string | null, depois: string | null): AuditChange => ({
    campo,
    label: auditFieldLabel(campo, acao),
    antes,
    depois,
  });

  if (acao === 'desativar' && after && !before) {
    const flags = ACTIVE_FLAGS.filter((key) => after[key] === false);
    if (flags.length) {
      return flags.map((key) => change(key, value({ ...after, [key]: true }, key), value(after, key)));
    }
  }

  const keys = Object.keys(after ?? before ?? {}).filter(shown);
  return keys.flatMap((key) => {
    const antes = value(before, key);
    const depois = value(after, key);
    if (before && after && antes === depois) return [];
    if (antes === null && depois === null) return [];
    return [change(key, antes, depois)];
  });
}
