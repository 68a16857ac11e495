import {
  checkRegularizationSave,
  clientCnpjForUf,
  FILE_CONTENT_TYPES,
  fieldLabel,
  fileTypeByName,
  REGULARIZATION_FILES,
  regularizationSaveBody,
  reasonRequired,
  regularizationStatusOf,
  REG_STATUS,
  type Flow,
  type RegularizationFile,
  type SessionUser,
  STALE_VERSION,
} from '@portal/domain';
import type { Database, Tx } from '../../db/client.ts';
import { writeAudit } from '../../audit/audit.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, conflict, schemaProblemStatus, unprocessable } from '../../http/errors.ts';
import {
  checkUploads,
  discardFiles,
  type SaveBody,
  type UploadedFile,
} from '../../http/multipart-save-body.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { checkRefusalReason } from '../../requests-core/refusal-reason-gate.ts';
import type { StoredReason } from '../../requests-core/repo.ts';
import { fieldValues, rowValues } from './record.ts';
import {
  addObservation,
  addStatusChange,
  attachmentsOf,
  findBaseRow,
  findRegularization,
  insertRegularization,
  openRegularizationOf,
  storeAttachment,
  updateRegularization,
  type RegularizationAttachment,
  type RegularizationRow,
} from './repo.ts';

export const UNIT_ALREADY_OPEN = 'Esta unidade já tem uma regularização em andamento.';
export const BASE_ROW_NOT_FOUND = 'Unidade não encontrada na base Xerox/AME.';

export interface SaveRegularizationCommand {
  flow: Flow;
  mode: 'add' | 'edit';
  user: SessionUser;
  ip: string;
  body: SaveBody;
}

type CheckedFile = UploadedFile & { slot: RegularizationFile };

/** The payload, parsed by the shared schema; the first problem names its field. */
function parsePayload(dados: Record<string, unknown>) {
  const result = regularizationSaveBody.safeParse(dados);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new AppError(
      schemaProblemStatus(issue.code),
      issue.message,
      issue.path.map(String).join('.') || undefined,
    );
  }
  const { id, id_con, version, status, motivo_recusa_id, motivo_recusa_texto, ...fields } = result.data;
  // Only what the payload carries counts as sent; absent keys leave the record as it is.
  const sent = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { id, idCon: id_con, version, status, sent, reason: { motivo_recusa_id, motivo_recusa_texto } };
}

/**
 * Creates or edits one regularization (spec part 2 §4.4, reading A): parsed by the shared schema,
 * judged by the shared policy (checkRegularizationSave), checked for stale versions, then written in
 * one transaction with its status history, observation, files and audit entry. Files streamed with
 * the body are removed again on any refusal.
 */
export async function saveRegularization(
  deps: { db: Database; storage: FileStorage },
  cmd: SaveRegularizationCommand,
) {
  try {
    const result = await save(deps.db, cmd);
    await Promise.all(result.replacedKeys.map((key) => deps.storage.remove(key).catch(() => undefined)));
    return result.saved;
  } catch (err) {
    await discardFiles(deps.storage, cmd.body.files);
    throw err;
  }
}

async function save(db: Database, cmd: SaveRegularizationCommand) {
  const { flow, user } = cmd;
  const payload = parsePayload(cmd.body.dados);
  const files = cmd.body.files;
  checkUploads(files, { slots: REGULARIZATION_FILES, fileForm: 'regularizacao', fieldLabel });

  let current: RegularizationRow | undefined;
  let currentFiles: RegularizationAttachment[] = [];
  if (cmd.mode === 'edit') {
    if (!payload.id) throw badRequest('O campo ID é obrigatório para editar.', 'id');
    current = await findRegularization(db, flow, payload.id);
    if (payload.version === undefined)
      throw badRequest('O campo Versão é obrigatório para editar.', 'version');
    if (payload.version !== current.version) throw conflict(STALE_VERSION);
    currentFiles = await attachmentsOf(db, current.id);
  }
  const currentStatus = current ? regularizationStatusOf(current.status) : null;
  const status = payload.status ?? currentStatus ?? REG_STATUS.DIVERGENTE;
  const stored = current ? fieldValues(current) : {};

  const verdict = checkRegularizationSave({
    actor: user,
    current: current
      ? { status: currentStatus, values: stored, files: currentFiles.map((f) => f.tipo) }
      : null,
    next: { status, values: payload.sent, files: files.map((f) => f.slot) },
  });
  if (!verdict.ok) throw new AppError(verdict.code, verdict.msg, verdict.field);
  const reason = await checkRefusalReason(
    db,
    reasonRequired('regularizacao', currentStatus, status),
    payload.reason,
  );

  return db
    .transaction(async (tx) => {
      const saved = current
        ? await updateRegularization(tx, current, { ...rowValues(payload.sent), status })
        : await insertOnBaseRow(tx, flow, payload.idCon, { ...rowValues(payload.sent), status });
      if (!saved) throw conflict(STALE_VERSION);
      return {
        saved,
        replacedKeys: await writeRest(tx, {
          cmd,
          current,
          currentStatus,
          status,
          payload,
          files,
          currentFiles,
          savedId: saved.id,
          reason,
        }),
      };
    })
    .catch((err: unknown) => {
      // Two cells opening the same unit at once: the partial unique index lets one through.
      throw isUniqueViolation(err) ? unprocessable(UNIT_ALREADY_OPEN, 'id_con') : err;
    });
}

/**
 * add: the cell opens a regularization on a unit of the provider's base (id_con), copying how the
 * base describes it. The divergence type says whether the invoice CNPJ is the client's for the UF.
 */
async function insertOnBaseRow(
  tx: Tx,
  flow: Flow,
  idCon: number | null | undefined,
  values: Partial<RegularizationRow>,
) {
  if (!idCon) throw badRequest('Informe a unidade da base Xerox/AME (id_con).', 'id_con');
  const base = await findBaseRow(tx, flow, idCon);
  if (!base) throw unprocessable(BASE_ROW_NOT_FOUND, 'id_con');
  if (await openRegularizationOf(tx, flow, base.uc)) throw unprocessable(UNIT_ALREADY_OPEN, 'id_con');
  const clientCnpj = base.estado ? clientCnpjForUf(base.estado) : null;
  return insertRegularization(tx, {
    ...values,
    fluxo: flow,
    idCon: base.id,
    tipoDivergencia: base.cnpjFatura && base.cnpjFatura === clientCnpj ? 2 : 1,
    unidade: base.uc,
    enderecoId: base.enderecoId,
    siteId: base.siteId,
    regional: base.regional,
    cep: base.cep,
    uf: base.estado,
    cidade: base.cidade,
    endereco: base.endereco,
    numero: base.numero,
    bairro: base.bairro,
    complemento: base.complemento,
    cnpjTim: clientCnpj,
    sigla: base.concessionaria || null,
    idConcessionaria: base.idConcessionaria,
    numeroMedidor: base.numeroMedidor,
    tipoTensao: base.tensao,
    razaoSocialFatura: base.rzSocial,
    cnpjFatura: base.cnpjFatura,
    urlFatura: base.urlFatura,
  });
}

interface WriteInput {
  cmd: SaveRegularizationCommand;
  current: RegularizationRow | undefined;
  currentStatus: number | null;
  status: number;
  payload: ReturnType<typeof parsePayload>;
  files: CheckedFile[];
  currentFiles: RegularizationAttachment[];
  savedId: number;
  reason: StoredReason | undefined;
}

/** History, observation, files and audit of a save; answers the storage keys the new files replaced. */
async function writeRest(tx: Tx, input: WriteInput): Promise<string[]> {
  const { cmd, current, currentStatus, status, payload, files, currentFiles, savedId, reason } = input;
  const { user } = cmd;
  if (currentStatus !== status) await addStatusChange(tx, savedId, user, status, reason);
  if (typeof payload.sent.observacao === 'string')
    await addObservation(tx, savedId, user, payload.sent.observacao);

  const replacedKeys: string[] = [];
  for (const file of files) {
    const previous = currentFiles.find((f) => f.tipo === file.slot);
    if (previous) replacedKeys.push(previous.storageKey);
    await storeAttachment(tx, savedId, file.slot, {
      nomeArquivo: file.filename,
      storageKey: file.key,
      tamanho: file.size,
      // The sniffed type (checkUploads made name and content agree), never the client's declaration.
      mime: FILE_CONTENT_TYPES[fileTypeByName(file.filename)!],
      idUsuario: user.id,
    });
  }

  await writeAudit(tx, {
    idUsuario: user.id,
    acao: current ? 'editar' : 'criar',
    entidade: `regularizacao.${cmd.flow}`,
    entidadeId: savedId,
    antes: current ? { status: currentStatus, ...fieldValues(current) } : null,
    depois: { status, ...payload.sent, arquivos: files.map((f) => f.slot) },
    ip: cmd.ip,
  });
  return replacedKeys;
}
