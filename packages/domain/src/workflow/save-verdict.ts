/**
 * Judging a save against a computed policy: the part request and regularization saves share.
 * 403 means the user may not do this at all; 422 means the data or the move is invalid.
 * The first problem found is reported, named in Portuguese, and nothing is written.
 */
export type SaveVerdict =
  { ok: true } | { ok: false; code: 403 | 422; field?: string; status?: number; msg: string };

/** One side of a save. `values` of the next side holds only what the payload sends; an absent key is unchanged. */
export interface SaveSide {
  status: number;
  values: Readonly<Record<string, unknown>>;
  /** Attachment slots that hold a file (current) or receive one in this save (next). */
  files?: readonly string[];
}

export interface SaveRules {
  canSave: boolean;
  reason: string | null;
  currentStatus: number | null;
  statusChoices: readonly number[];
  /** Every field the policy governs; a change to one outside editableFields is refused. */
  fields: readonly string[];
  editableFields: readonly string[];
  editableFiles: readonly string[];
  requiredFields: readonly string[];
  requiredFiles: readonly string[];
  fieldLabel: (field: string) => string;
  statusLabel: (status: number) => string;
  /** Whether the role could choose this status from somewhere (then only the transition is wrong). */
  roleMayChoose: (status: number) => boolean;
}

/** Blank, null and absent are the same; numbers and numeric strings compare equal. */
export const normalizeValue = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const refuse = (
  code: 403 | 422,
  msg: string,
  extra: { field?: string; status?: number } = {},
): SaveVerdict => ({
  ok: false,
  code,
  msg,
  ...extra,
});

function statusVerdict(rules: SaveRules, status: number): SaveVerdict | null {
  if (rules.statusChoices.includes(status)) return null;
  const label = rules.statusLabel(status);
  const { currentStatus } = rules;
  if (currentStatus === null) return refuse(403, `Você não pode escolher o status "${label}".`, { status });
  if (status === currentStatus) {
    return refuse(422, `A solicitação não pode permanecer no status "${label}". Escolha o próximo status.`, {
      status,
    });
  }
  if (!rules.roleMayChoose(status))
    return refuse(403, `Você não pode escolher o status "${label}".`, { status });
  return refuse(
    422,
    `A solicitação não pode passar de "${rules.statusLabel(currentStatus)}" para "${label}".`,
    {
      status,
    },
  );
}

export function judgeSave(rules: SaveRules, current: SaveSide | null, next: SaveSide): SaveVerdict {
  if (!rules.canSave) return refuse(403, rules.reason ?? 'Você não pode salvar esta solicitação.');

  const statusProblem = statusVerdict(rules, next.status);
  if (statusProblem) return statusProblem;

  const sent = (field: string) => Object.prototype.hasOwnProperty.call(next.values, field);
  const lockedChange = rules.fields.find(
    (field) =>
      sent(field) &&
      !rules.editableFields.includes(field) &&
      normalizeValue(next.values[field]) !== normalizeValue(current?.values[field]),
  );
  if (lockedChange) {
    const where = current ? 'não pode ser alterado neste status' : 'não pode ser preenchido por você';
    return refuse(403, `O campo ${rules.fieldLabel(lockedChange)} ${where}.`, { field: lockedChange });
  }

  const lockedFile = next.files?.find((file) => !rules.editableFiles.includes(file));
  if (lockedFile) {
    return refuse(403, `O arquivo ${rules.fieldLabel(lockedFile)} não pode ser enviado neste status.`, {
      field: lockedFile,
    });
  }

  const missingField = rules.requiredFields.find(
    (field) => normalizeValue(sent(field) ? next.values[field] : current?.values[field]) === null,
  );
  if (missingField) {
    return refuse(422, `O campo ${rules.fieldLabel(missingField)} é obrigatório.`, { field: missingField });
  }

  const missingFile = rules.requiredFiles.find(
    (file) => !current?.files?.includes(file) && !next.files?.includes(file),
  );
  if (missingFile) {
    return refuse(422, `O arquivo ${rules.fieldLabel(missingFile)} é obrigatório.`, { field: missingFile });
  }

  return { ok: true };
}
