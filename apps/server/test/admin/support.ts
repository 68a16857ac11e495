import { GROUP, PROFILE } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AuditAction } from '../../src/audit/actions.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { auditLog, usuarios } from '../../src/db/schema.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
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

/**
 * An administrator (profile 1) of the provider's group in `idEmpresa`, created by the cell's
 * administrator `admin` and signed in. Administrators never set passwords: the test gives the new
 * one the demo password, already chosen.
 */
export async function providerAdministrator(
  app: FastifyInstance,
  admin: Awaited<ReturnType<typeof signedIn>>,
  email: string,
  idEmpresa: number,
) {
  const created = await admin.post('/usuarios/add', {
    name: 'Chefe Provedor',
    email,
    id_empresa: idEmpresa,
    id_grupo: GROUP.AMEE,
    id_perfil: PROFILE.ADMINISTRADOR,
    regionais: [],
    id_status: 1,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await app.db
    .update(usuarios)
    .set({ passwordHash: await hashPassword(DEMO_PASSWORD), trocarSenha: 1 })
    .where(eq(usuarios.email, email));
  return signedIn(app, email);
}

/** The newest audit row about one record (of one action, when given). */
export async function lastAudit(
  app: FastifyInstance,
  entidade: string,
  entidadeId: number | string,
  acao?: AuditAction,
) {
  const [row] = await app.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entidade, entidade),
        eq(auditLog.entidadeId, String(entidadeId)),
        acao ? eq(auditLog.acao, acao) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** The alphanumeric CNPJ the issue names (valid check digits): masked, as a user types it. */
export const ALPHANUMERIC_CNPJ = '12.ABC.345/01DE-35';
