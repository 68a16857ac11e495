import { getTableColumns } from 'drizzle-orm';
import {
  policyRole,
  REQUEST_FIELDS,
  visibleFields,
  visibleFiles,
  type RequestField,
  type RequestFile,
  type RequestForm,
  type RequestStatus,
  type SessionUser,
} from '@portal/domain';
import { ATTACHMENT_LINKS, type RequestRecord } from '@portal/domain/contracts/requests';
import { solicitacoes } from '../../db/schema.ts';

type Row = typeof solicitacoes.$inferSelect;
type ColumnKey = keyof Row;

/** Request fields that are columns (the observation is a history entry, not a column). */
export const COLUMN_FIELDS = REQUEST_FIELDS.filter((f) => f !== 'observacao') as Exclude<
  RequestField,
  'observacao'
>[];

// The schema names its columns after the spec's fields, so the mapping is read off the table.
const PROPERTY_OF: Record<string, ColumnKey> = Object.fromEntries(
  Object.entries(getTableColumns(solicitacoes)).map(([property, column]) => [
    column.name,
    property as ColumnKey,
  ]),
);

export const propertyOf = (field: string): ColumnKey => {
  const property = PROPERTY_OF[field];
  if (!property) throw new Error(`no column for request field ${field}`);
  return property;
};

/** The field values of a stored request, keyed by the spec's names. */
export const fieldValues = (row: Row): Record<string, unknown> =>
  Object.fromEntries(COLUMN_FIELDS.map((f) => [f, row[propertyOf(f)]]));

/** The payload's field values as a partial row update (only the fields sent). */
export const rowValues = (values: Record<string, unknown>): Partial<Row> =>
  Object.fromEntries(
    COLUMN_FIELDS.filter((f) => Object.prototype.hasOwnProperty.call(values, f)).map((f) => [
      propertyOf(f),
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
    anexos: attachments.map((a) => ({
      id: a.id,
      tipo: a.tipo,
      nome: a.nomeArquivo,
      tamanho: a.tamanho,
      url: attachmentUrl(a.id),
    })),
  };
}
