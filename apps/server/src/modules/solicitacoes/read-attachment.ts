import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { anexos, solicitacoes } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { scoped } from './scope.ts';

/** An attachment of a request the user may see (the same scope as the request itself). */
export async function findAttachment(db: Database, user: SessionUser, id: number) {
  const [file] = await db
    .select({
      nome: anexos.nomeArquivo,
      mime: anexos.mime,
      tamanho: anexos.tamanho,
      storageKey: anexos.storageKey,
    })
    .from(anexos)
    .innerJoin(solicitacoes, eq(solicitacoes.id, anexos.idSolicitacao))
    .where(scoped(user, and(eq(anexos.id, id))))
    .limit(1);
  if (!file) throw notFound('Arquivo não encontrado.');
  return file;
}
