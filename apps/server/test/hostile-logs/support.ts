import { eq } from 'drizzle-orm';
import type { AuditLogRow } from '@portal/domain/contracts/audit-log';
import { auditLog, usuarios } from '../../src/db/schema.ts';
import { call } from '../support/requests.ts';
import { bearer, createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';

/**
 * Shared harness of the hostile /logs probes: one app per test file (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), every demo user signed in, and the two calls of /logs at hand.
 */
export interface Harness {
  t: TestApp;
  tokens: Record<string, string>;
  ids: Record<string, number>;
  list(body: unknown, who?: string): ReturnType<typeof call>;
  filtros(body?: unknown, who?: string): ReturnType<typeof call>;
  raw(
    who: string | null,
    path: 'list' | 'filtros',
    payload: string | undefined,
    contentType?: string,
  ): ReturnType<typeof call>;
  /** An audit row written straight into the table, as a save would (optionally at an instant). */
  entry(values: Partial<typeof auditLog.$inferInsert>): Promise<number>;
}

/** Every demo user that can sign in; only `admin` holds profile 1 (Administrador). */
export const USERS = ['admin', 'celula', 'regional', 'amee', 'tower', 'property', 'solicitante', 'consulta'];
export const NON_ADMINS = USERS.filter((u) => u !== 'admin');

export async function harness(): Promise<Harness> {
  const t = await createTestApp();
  const ids: Record<string, number> = {};
  for (const who of [...USERS, 'novo']) {
    const [row] = await t.app.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, `${who}@demo.portal`));
    ids[who] = row!.id;
  }
  const tokens = await loginDemo(t.app, USERS);
  return {
    t,
    tokens,
    ids,
    list: (body, who = 'admin') => call(t.app, tokens[who]!, '/api/logs/list', body),
    filtros: (body = {}, who = 'admin') => call(t.app, tokens[who]!, '/api/logs/filtros', body),
    raw: (who, path, payload, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: `/api/logs/${path}`,
        payload,
        headers: { ...(who ? bearer(tokens[who]!) : {}), 'content-type': contentType },
      }),
    entry: async (values) => {
      const [row] = await t.app.db
        .insert(auditLog)
        .values({ acao: 'editar', entidade: 'hostil', idUsuario: ids.tower!, ...values })
        .returning({ id: auditLog.id });
      return row!.id;
    },
  };
}

export const rowsOf = (res: { json(): unknown }) => (res.json() as { dados: AuditLogRow[] }).dados;

export { is4xx } from '../support/test-app.ts';

export const show = (v: unknown) => {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 40 ? `${s.slice(0, 37)}…(${s.length})` : s;
};
