import { and, eq } from 'drizzle-orm';
import {
  FILE_CONTENT_TYPES,
  fileTypeByName,
  formAccessProblem,
  policyRole,
  requestForm,
  visibleFiles,
  type FileType,
  type RequestStatus,
  type SessionUser,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { anexos, solicitacoes } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { scoped } from './scope.ts';

/** What a browser may show inline; every other accepted type is only downloaded. */
const INLINE: readonly FileType[] = ['pdf', 'jpeg', 'png'];

/**
 * An attachment of a request the user may see: the request's form in the user's menu (the same
 * rule as the form's own calls), the request in the user's scope, and the slot one the user's
 * screen shows in the request's status (visibility.ts). The served type comes
 * from the file's kind — its name and first bytes were checked to agree on upload — never from
 * the MIME type a client declared, so rows stored before that rule are served safely too.
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
  const kind = fileTypeByName(file.nome);
  return {
    ...file,
    contentType: kind ? FILE_CONTENT_TYPES[kind] : 'application/octet-stream',
    inline: kind !== undefined && INLINE.includes(kind),
  };
}

/** `inline`/`attachment` with the original name: an ASCII fallback and the UTF-8 form (RFC 6266). */
export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Downloads never run script, even when opened directly: a sandboxed document with no sources. */
export const DOWNLOAD_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";
