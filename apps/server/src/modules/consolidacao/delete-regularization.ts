import {
  fieldLabel,
  regularizationDeleteProblem,
  regularizationPolicy,
  regularizationStatusOf,
  type Flow,
  type RegularizationFile,
  type RegularizationStatus,
  type SessionUser,
  STALE_VERSION,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { writeAudit } from '../../audit/audit.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { fieldValues } from './record.ts';
import {
  attachmentsOf,
  deleteAttachmentRow,
  deleteRegularizationRow,
  findRegularization,
  updateRegularization,
} from './repo.ts';

interface Command {
  flow: Flow;
  user: SessionUser;
  id: number;
  ip: string;
}

/** consolidacao/delete (regularizationDeleteProblem); its files are removed after the commit. */
export async function deleteRegularization(deps: { db: Database; storage: FileStorage }, cmd: Command) {
  const { db, storage } = deps;
  const keys = await db.transaction(async (tx) => {
    const row = await findRegularization(tx, cmd.flow, cmd.id, { lock: true });
    const problem = regularizationDeleteProblem(cmd.user, row.status);
    if (problem) throw forbidden(problem);
    const files = await attachmentsOf(tx, row.id);
    await deleteRegularizationRow(tx, row.id);
    await writeAudit(tx, {
      idUsuario: cmd.user.id,
      acao: 'apagar',
      entidade: `regularizacao.${cmd.flow}`,
      entidadeId: row.id,
      antes: { unidade: row.unidade, status: regularizationStatusOf(row.status), ...fieldValues(row) },
      ip: cmd.ip,
    });
    return files.map((f) => f.storageKey);
  });
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

/**
 * consolidacao/apagar-arquivos: removes one file where the policy lets this user change files in
 * the record's status; the version moves on, so a form still holding the old one is told.
 */
export async function deleteRegularizationFile(
  deps: { db: Database; storage: FileStorage },
  cmd: Command & { tipo: RegularizationFile },
) {
  const { db, storage } = deps;
  const row = await findRegularization(db, cmd.flow, cmd.id);
  const files = await attachmentsOf(db, row.id);
  const file = files.find((f) => f.tipo === cmd.tipo);
  const label = fieldLabel(cmd.tipo);
  if (!file) throw notFound(`A regularização não tem o arquivo ${label}.`);
  const policy = regularizationPolicy({
    actor: cmd.user,
    currentStatus: regularizationStatusOf(row.status) as RegularizationStatus,
    uploadedFiles: files.map((f) => f.tipo),
  });
  if (!policy.canSave || !policy.editableFiles.includes(cmd.tipo)) {
    throw forbidden(`Você não pode apagar o arquivo ${label} neste status.`);
  }
  const version = await db.transaction(async (tx) => {
    const updated = await updateRegularization(tx, row, {});
    if (!updated) throw conflict(STALE_VERSION);
    await deleteAttachmentRow(tx, file.id);
    await writeAudit(tx, {
      idUsuario: cmd.user.id,
      acao: 'apagar-arquivo',
      entidade: `regularizacao.${cmd.flow}`,
      entidadeId: row.id,
      antes: { tipo: file.tipo, nome: file.nomeArquivo },
      ip: cmd.ip,
    });
    return updated.version;
  });
  await storage.remove(file.storageKey).catch(() => undefined);
  return { version };
}
