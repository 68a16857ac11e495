import { deletionProblem, type Flow, type Kind, type SessionUser } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { writeAudit } from '../../audit/audit.ts';
import { forbidden } from '../../http/errors.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { fieldValues } from '../../requests-core/record.ts';
import { authorshipOf } from './authorship.ts';
import { attachmentsOf, deleteRequestRow, findRequest } from '../../requests-core/repo.ts';

/**
 * `…/delete` of each form (deleteCallOf): its creator withdraws a request nobody has acted on yet
 * (histories and attachment rows go with it), then its files. The request is re-read locked inside
 * the transaction, so of simultaneous deletes one deletes and audits and the others find nothing
 * (404), and an edit cannot slip in between the check and the delete.
 */
export async function deleteRequest(
  deps: { db: Database; storage: FileStorage },
  input: { flow: Flow; kind: Kind; user: SessionUser; id: number; ip: string },
) {
  const { db, storage } = deps;
  const { flow, kind, user } = input;
  const files = await db.transaction(async (tx) => {
    const request = await findRequest(tx, user, flow, kind, input.id, { lock: true });
    const attached = await attachmentsOf(tx, request.id);
    const problem = deletionProblem(user, await authorshipOf(tx, flow, kind, request));
    if (problem) throw forbidden(problem);
    await deleteRequestRow(tx, request.id);
    await writeAudit(tx, {
      idUsuario: user.id,
      acao: 'apagar-solicitacao',
      entidade: `solicitacao.${flow}.${kind}`,
      entidadeId: request.id,
      antes: {
        status: request.status,
        ...fieldValues(request),
        arquivos: attached.map((f) => f.nomeArquivo),
      },
      ip: input.ip,
    });
    return attached;
  });
  await Promise.all(files.map((f) => storage.remove(f.storageKey).catch(() => undefined)));
}
