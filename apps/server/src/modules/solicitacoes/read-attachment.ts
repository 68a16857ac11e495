import { and, eq } from 'drizzle-orm';
import {
  formAccessProblem,
  policyRole,
  requestForm,
  visibleFiles,
  type RequestStatus,
  type SessionUser,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { anexos, solicitacoes } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { scoped } from './scope.ts';

/**
 * An attachment of a request the user may see: the request's form in the user's menu (the same
 * rule as the form's own calls), the request in the user's scope, and the slot one the user's
 * screen shows in the request's status (visibility.ts). Served by sendStoredFile, with the type
 * its kind gives, so rows stored before the content check are served safely too.
 */
export async function findAttachment(db: Database, user: SessionUser, id: number) {
  const [file] = await db
    .select({
      nome: anexos.nomeArquivo,
      tipo: anexos.tipo,
      tamanho: anexos.tamanho,
      storageKey: anexos.storageKey,
      fluxo: solicitacoes.fluxo,
      kind: solicitacoes.tipo,
      status: solicitacoes.status,
    })
    .from(anexos)
    .innerJoin(solicitacoes, eq(solicitacoes.id, anexos.idSolicitacao))
    .where(scoped(user, and(eq(anexos.id, id))))
    .limit(1);
  const form = file && !formAccessProblem(user, file.fluxo, file.kind) && requestForm(file.fluxo, file.kind);
  const shown = form ? visibleFiles(form, policyRole(user.papel), file.status as RequestStatus) : [];
  if (!file || !shown.some((slot) => slot === file.tipo)) throw notFound('Arquivo não encontrado.');
  return file;
}
