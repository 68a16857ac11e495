import {
  policyRole,
  visibleFields,
  visibleFiles,
  type RequestFile,
  type RequestForm,
  type RequestStatus,
  type SessionUser,
} from '@portal/domain';
import { ATTACHMENT_LINKS, type RequestRecord } from '@portal/domain/contracts/requests';
import { REQUEST_FIELD_COLUMNS } from '../db/request-field-columns.ts';
import type { solicitacoes } from '../db/schema.ts';

type Row = typeof solicitacoes.$inferSelect;
type ColumnField = keyof typeof REQUEST_FIELD_COLUMNS;

/** Request fields that are columns (the observation is a history entry, not a column). */
export const COLUMN_FIELDS = Object.keys(REQUEST_FIELD_COLUMNS) as ColumnField[];

/** The field values of a stored request, keyed by the spec's names. */
export const fieldValues = (row: Row): Record<string, unknown> =>
  Object.fromEntries(COLUMN_FIELDS.map((f) => [f, row[REQUEST_FIELD_COLUMNS[f]]]));

/** The payload's field values as a partial row update (only the fields sent). */
export const rowValues = (values: Record<string, unknown>): Partial<Row> =>
  Object.fromEntries(
    COLUMN_FIELDS.filter((f) => Object.prototype.hasOwnProperty.call(values, f)).map((f) => [
      REQUEST_FIELD_COLUMNS[f],
      values[f] ?? null,
    ]),
  ) as Partial<Row>;

export interface AttachmentInfo {
  id: number;
  tipo: RequestFile;
  nomeArquivo: string;
  tamanho: number;
}

export const attachmentUrl = (id: number) => `/api/arquivos/${id}`;

export interface RequesterInfo {
  nome: string;
  email: string;
  telefone: string | null;
  id_empresa: number | null;
  razao_social: string | null;
  cnpj_empresa: string | null;
}

/**
 * One request as `list {id}` returns it to this user: the spec's fields, the requester, the file
 * links — only the fields and files the user's screen shows in this status (visibility.ts).
 * Hidden ones are left out, not nulled, so the record still goes back unchanged to its edit call.
 */
export function toApiRecord(
  user: SessionUser,
  form: RequestForm,
  row: Row,
  requester: RequesterInfo,
  allAttachments: AttachmentInfo[],
  /** The user created it and nobody has acted on it yet (authorship.ts). */
  creatorWindow = false,
): RequestRecord {
  const role = policyRole(user.papel);
  const status = row.status as RequestStatus;
  const shownFields = new Set<string>(visibleFields(form, role, status));
  const shownFiles = new Set<string>(visibleFiles(form, role, status));
  const attachments = allAttachments.filter((a) => shownFiles.has(a.tipo));
  const links = Object.fromEntries(
    Object.entries(ATTACHMENT_LINKS)
      .filter(([slot]) => shownFiles.has(slot))
      .flatMap(([slot, names]) => {
        const file = attachments.find((a) => a.tipo === slot);
        return names.map((name) => [name, file ? attachmentUrl(file.id) : null]);
      }),
  );
  const fields = Object.entries(fieldValues(row)).filter(([field]) => shownFields.has(field));
  return {
    id: row.id,
    fluxo: row.fluxo,
    tipo: row.tipo,
    status: row.status,
    version: row.version,
    data_pedido: row.dataPedido.toISOString(),
    cnpj_tim: row.cnpjTim,
    cnpj_uc_solicitada: row.cnpjSolicitada,
    ...Object.fromEntries(fields),
    ...requester,
    ...links,
    autor_pode_corrigir: creatorWindow,
    motivo_recusa: row.motivoRecusa,
    anexos: attachments.map((a) => ({
      id: a.id,
      tipo: a.tipo,
      nome: a.nomeArquivo,
      tamanho: a.tamanho,
      url: attachmentUrl(a.id),
    })),
  };
}
