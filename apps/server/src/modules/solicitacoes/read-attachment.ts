import {
  formAccessProblem,
  policyRole,
  requestForm,
  visibleFiles,
  type RequestStatus,
  type SessionUser,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { attachmentInScope } from '../../requests-core/repo.ts';

/**
 * An attachment of a request the user may see: the request's form in the user's menu (the same
 * rule as the form's own calls), the request in the user's scope, and the slot one the user's
 * screen shows in the request's status (visibility.ts). Served by sendStoredFile, with the type
 * its kind gives, so rows stored before the content check are served safely too.
 */
export async function findAttachment(db: Database, user: SessionUser, id: number) {
  const file = await attachmentInScope(db, user, id);
  const form = file && !formAccessProblem(user, file.fluxo, file.kind) && requestForm(file.fluxo, file.kind);
  const shown = form ? visibleFiles(form, policyRole(user.papel), file.status as RequestStatus) : [];
  if (!file || !shown.some((slot) => slot === file.tipo)) throw notFound('Arquivo não encontrado.');
  return file;
}
