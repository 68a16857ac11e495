import {
  formFieldLabel,
  requestForm,
  requestPolicy,
  type Flow,
  type Kind,
  type RequestFile,
  type RequestStatus,
  type SessionUser,
  STALE_VERSION,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { writeAudit } from '../../audit/audit.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { creatorWindowFor } from './authorship.ts';
import { attachmentsOf, deleteAttachmentRow, findRequest, touchRequest } from '../../requests-core/repo.ts';

/**
 * apagar-arquivos: removes one attachment where the policy lets this user change that file in the
 * request's current status. The row goes in one transaction with the version bump and the audit
 * entry; the bytes are removed after the commit.
 */
export async function deleteAttachment(
  deps: { db: Database; storage: FileStorage },
  input: { flow: Flow; kind: Kind; user: SessionUser; id: number; tipo: RequestFile; ip: string },
) {
  const { db, storage } = deps;
  const { flow, kind, user } = input;
  const request = await findRequest(db, user, flow, kind, input.id);
  const files = await attachmentsOf(db, request.id);
  const file = files.find((f) => f.tipo === input.tipo);
  const label = formFieldLabel(requestForm(flow, kind), input.tipo);
  if (!file) throw notFound(`A solicitação não tem o arquivo ${label}.`);
  const policy = requestPolicy({
    actor: user,
    flow,
    kind,
    currentStatus: request.status as RequestStatus,
    uploadedFiles: files.map((f) => f.tipo as RequestFile),
    // The author may remove a file while they may still replace it (the creator's window).
    creatorWindow: await creatorWindowFor(db, user, flow, kind, request),
  });
  if (!policy.canSave || !policy.editableFiles.includes(input.tipo)) {
    throw forbidden(`Você não pode apagar o arquivo ${label} neste status.`);
  }
  const version = await db.transaction(async (tx) => {
    const updated = await touchRequest(tx, request);
    if (!updated) throw conflict(STALE_VERSION);
    await deleteAttachmentRow(tx, file.id);
    await writeAudit(tx, {
      idUsuario: user.id,
      acao: 'apagar-arquivo',
      entidade: `solicitacao.${flow}.${kind}`,
      entidadeId: request.id,
      antes: { tipo: file.tipo, nome: file.nomeArquivo },
      ip: input.ip,
    });
    return updated.version;
  });
  await storage.remove(file.storageKey).catch(() => undefined);
  return { version };
}
