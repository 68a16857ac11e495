import {
  checkSave,
  type DuplicateMatch,
  clientCnpjForUf,
  FILE_CONTENT_TYPES,
  fileTypeByName,
  formFieldLabel,
  initialStatus,
  isIdentifierField,
  normalizeIdentifier,
  REASON_FIELD,
  REASON_TEXT_FIELD,
  reasonRequired,
  type ReasonInput,
  requestForm,
  requestSaveSchema,
  type Flow,
  type Kind,
  type RequestFile,
  type SessionUser,
  STALE_VERSION,
} from '@portal/domain';
import type { Database, Tx } from '../../db/client.ts';
import { writeAudit } from '../../audit/audit.ts';
import { notifyStatusChange } from '../notificacoes/notify-status-change.ts';
import { AppError, badRequest, conflict, schemaProblemStatus } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { creatorWindowFor } from './authorship.ts';
import { checkReferences } from './check-references.ts';
import { guardDuplicates } from './duplicate-guard.ts';
import {
  checkUploads,
  discardFiles,
  type SaveBody,
  type UploadedFile,
} from '../../http/multipart-save-body.ts';
import { fieldValues, rowValues } from '../../requests-core/record.ts';
import {
  addObservations,
  addStatusChange,
  attachmentsOf,
  findRequest,
  insertRequest,
  storeAttachment,
  updateRequest,
  type RequestRow,
  type StoredReason,
} from '../../requests-core/repo.ts';
import { checkRefusalReason } from '../../requests-core/refusal-reason-gate.ts';

export interface SaveRequestCommand {
  flow: Flow;
  kind: Kind;
  mode: 'add' | 'edit';
  user: SessionUser;
  ip: string;
  body: SaveBody;
}

/** Payload keys that steer the save and are no column of the request. */
const NOT_FIELDS = ['id', 'version', 'status', 'confirmar_duplicidade', REASON_FIELD, REASON_TEXT_FIELD];

/** The payload, parsed by the form's shared schema; the first problem names its field. */
function parsePayload(flow: Flow, kind: Kind, dados: Record<string, unknown>) {
  const result = requestSaveSchema(flow, kind).safeParse(dados);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new AppError(
      schemaProblemStatus(issue.code),
      issue.message,
      issue.path.map(String).join('.') || undefined,
    );
  }
  // Only what the payload carries counts as sent; absent keys leave the record as it is.
  const sent = Object.fromEntries(
    Object.entries(result.data).filter(([key, value]) => value !== undefined && !NOT_FIELDS.includes(key)),
  ) as Record<string, unknown>;
  const data = result.data as {
    id?: number;
    version?: number;
    status?: number | null;
    confirmar_duplicidade?: boolean;
  } & ReasonInput;
  return { data, sent };
}

/**
 * An identifier sent back as the record stores it, only spelled normalised, is no change. The
 * normalising migration (0015) left a row in its old spelling where the new one would duplicate
 * another request; such a record must stay editable by whoever may not touch that field, and must
 * not be judged a new duplicate of the very request it collides with.
 */
function withoutRespelledIdentifiers(sent: Record<string, unknown>, stored: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(sent).filter(([field, value]) => {
      const before = stored[field];
      const respelled =
        typeof before === 'string' && before !== value && normalizeIdentifier(before) === value;
      return !(respelled && isIdentifierField(field));
    }),
  );
}

type CheckedFile = UploadedFile & { slot: RequestFile };

function checkFiles(flow: Flow, kind: Kind, files: UploadedFile[]): asserts files is CheckedFile[] {
  const form = requestForm(flow, kind);
  checkUploads(files, {
    slots: form.files,
    fileForm: 'solicitacao',
    fieldLabel: (field) => formFieldLabel(form, field),
  });
}

/** Only provider-base matches can be confirmed (duplicate-guard.ts). */
const describeDuplicate = (m: DuplicateMatch) => `UC ${m.UC} na base Xerox/AM Energia (${m.Status})`;

/**
 * Creates or edits one request: the payload is parsed by the shared schema, judged by the shared
 * policy (checkSave), checked for stale versions and duplicates, and then written in one
 * transaction with its status history, observation, attachments and audit entry. The files were
 * streamed to storage with the body; any refusal or a rolled-back transaction removes them, so
 * nothing is half-written.
 */
export async function saveRequest(deps: { db: Database; storage: FileStorage }, cmd: SaveRequestCommand) {
  try {
    const result = await save(deps.db, cmd);
    await Promise.all(result.replacedKeys.map((key) => deps.storage.remove(key).catch(() => undefined)));
    return result.saved;
  } catch (err) {
    await discardFiles(deps.storage, cmd.body.files);
    throw err;
  }
}

async function save(db: Database, cmd: SaveRequestCommand) {
  const { flow, kind, user } = cmd;
  const { data, sent: parsed } = parsePayload(flow, kind, cmd.body.dados);
  const files = cmd.body.files;
  checkFiles(flow, kind, files);

  let current: RequestRow | undefined;
  let currentFiles: Awaited<ReturnType<typeof attachmentsOf>> = [];
  if (cmd.mode === 'edit') {
    if (!data.id) throw badRequest('O campo ID é obrigatório para editar.', 'id');
    current = await findRequest(db, user, flow, kind, data.id);
    if (data.version === undefined) throw badRequest('O campo Versão é obrigatório para editar.', 'version');
    if (data.version !== current.version) throw conflict(STALE_VERSION);
    currentFiles = await attachmentsOf(db, current.id);
  }
  const status = current ? (data.status ?? current.status) : initialStatus(user.papel);
  // The stored values, read off the row once for every rule below and the audit entry.
  const stored = current ? fieldValues(current) : {};
  const sent = withoutRespelledIdentifiers(parsed, stored);

  const verdict = checkSave({
    actor: user,
    flow,
    kind,
    // The creator may correct a request nobody has acted on (issue 15); a concurrent save by
    // someone else still loses to the version check below, in updateRequest.
    creatorWindow: current ? await creatorWindowFor(db, user, flow, kind, current) : false,
    current: current
      ? { status: current.status, values: stored, files: currentFiles.map((f) => f.tipo) }
      : null,
    next: { status, values: sent, files: files.map((f) => f.slot) },
  });
  if (!verdict.ok) throw new AppError(verdict.code, verdict.msg, verdict.field);
  const reason = await checkRefusalReason(
    db,
    reasonRequired('solicitacao', current?.status ?? null, status),
    data,
  );

  await checkReferences(db, { user, flow, stored, sent });
  const confirmed = data.confirmar_duplicidade === true;

  return db.transaction(async (tx) => {
    const duplicates = await guardDuplicates(tx, { user, flow, kind, current, stored, sent, confirmed });
    return writeSave(tx, { cmd, current, stored, status, sent, files, currentFiles, duplicates, reason });
  });
}

interface WriteInput {
  cmd: SaveRequestCommand;
  current: RequestRow | undefined;
  stored: Record<string, unknown>;
  status: number;
  sent: Record<string, unknown>;
  /** The uploads, checked by checkFiles. */
  files: CheckedFile[];
  currentFiles: { tipo: string; storageKey: string }[];
  duplicates: DuplicateMatch[];
  /** The refusing move's reason (checkRefusalReason); undefined for any other save. */
  reason: StoredReason | undefined;
}

async function writeSave(tx: Tx, input: WriteInput) {
  const { cmd, current, stored, status, sent, files, currentFiles, duplicates, reason } = input;
  const { user } = cmd;
  const uf = typeof sent.uf === 'string' ? sent.uf : undefined;
  const moved = !current || current.status !== status;
  const values = {
    ...rowValues(sent),
    ...(uf ? { cnpjTim: clientCnpjForUf(uf) } : {}),
    status,
    // The reason the request waits on lasts until its next move.
    ...(moved ? { motivoRecusa: reason?.text ?? null } : {}),
  };

  const saved = current
    ? await updateRequest(tx, current, values)
    : await insertRequest(tx, cmd, user, values);
  if (!saved) throw conflict(STALE_VERSION);

  if (moved) await addStatusChange(tx, saved.id, user, status, reason);
  // The requester and the regional's focal points hear of it: notices and queued e-mails, in this transaction.
  if (current && current.status !== status) {
    const observacao = typeof sent.observacao === 'string' ? sent.observacao : undefined;
    await notifyStatusChange(tx, {
      id: saved.id,
      flow: cmd.flow,
      kind: cmd.kind,
      status,
      actor: user,
      observacao,
      motivo: reason?.text,
    });
  }
  await addObservations(tx, saved.id, user, [
    ...(typeof sent.observacao === 'string' ? [sent.observacao] : []),
    ...(duplicates.length
      ? [
          `Cadastro confirmado pelo usuário apesar de duplicidade: ${duplicates.map(describeDuplicate).join('; ')}.`,
        ]
      : []),
  ]);

  const replacedKeys: string[] = [];
  for (const file of files) {
    const previous = currentFiles.find((f) => f.tipo === file.slot);
    if (previous) replacedKeys.push(previous.storageKey);
    await storeAttachment(tx, saved.id, file.slot, {
      nomeArquivo: file.filename,
      storageKey: file.key,
      tamanho: file.size,
      // The sniffed type (checkFiles made name and content agree), never the client's declaration.
      mime: FILE_CONTENT_TYPES[fileTypeByName(file.filename)!],
      idUsuario: user.id,
    });
  }

  await writeAudit(tx, {
    idUsuario: user.id,
    acao: current ? 'editar-solicitacao' : 'criar-solicitacao',
    entidade: `solicitacao.${cmd.flow}.${cmd.kind}`,
    entidadeId: saved.id,
    antes: current ? { status: current.status, ...stored } : null,
    depois: { status, ...sent, arquivos: files.map((f) => f.slot) },
    ip: cmd.ip,
  });
  return { saved, replacedKeys };
}
