import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuditAction } from '../../src/audit/audit.ts';
import { auditLog } from '../../src/db/schema.ts';
import { bearer, login } from '../support/test-app.ts';

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Calls the API as one signed-in user: `as.post('/usuarios/list', {...})`. */
export async function signedIn(app: FastifyInstance, email: string) {
  const headers = bearer(await login(app, email));
  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Reply> => {
    const res = await app.inject({ method, url: `/api${url}`, headers, ...(payload && { payload }) });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    post: (url: string, payload: object = {}) => call('POST', url, payload),
    get: (url: string) => call('GET', url),
  };
}

/** The newest audit row about one record (of one action, when given). */
export async function lastAudit(app: FastifyInstance, entidade: string, entidadeId: number | string, acao?: AuditAction) {
  const [row] = await app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entidade, entidade), eq(auditLog.entidadeId, String(entidadeId)), acao ? eq(auditLog.acao, acao) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** The alphanumeric CNPJ the issue names (valid check digits): masked, as a user types it. */
export const ALPHANUMERIC_CNPJ = '12.ABC.345/01DE-35';
