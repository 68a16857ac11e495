import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RoleKind, SessionUser } from '@portal/domain';
import type { DbOrTx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { empresas, grupos, sessoes, usuarioRegionais, usuarios } from '../db/schema.ts';

/** The user row joined with what every access decision needs. */
export interface UserRecord {
  user: SessionUser;
  passwordHash: string;
  ativo: boolean;
  /** False when the user's company was deactivated: its users may not sign in. */
  empresaAtiva: boolean;
}

/** The user's regionals as one array column of the same query (no second round trip). */
const regionaisOf = sql<
  number[]
>`coalesce((select array_agg(${usuarioRegionais.idRegional} order by ${usuarioRegionais.idRegional}) from ${usuarioRegionais} where ${usuarioRegionais.idUsuario} = ${usuarios.id}), '{}')`;

/** What every access decision reads: the user, their group, company and regionals. */
const USER_FIELDS = {
  u: usuarios,
  g: grupos,
  razaoSocial: empresas.razaoSocial,
  empresaStatus: empresas.status,
  regionais: regionaisOf,
};
type UserRow = {
  u: typeof usuarios.$inferSelect;
  g: typeof grupos.$inferSelect;
  razaoSocial: string | null;
  empresaStatus: boolean | null;
  regionais: number[];
};

/** A user who may still act: active, in an active company (a queued task's sender, a mail's recipient). */
export const isActiveUser = (record: UserRecord | undefined): record is UserRecord =>
  record !== undefined && record.ativo && record.empresaAtiva;

/** Loads a user by id or e-mail (case-insensitive) and shapes it as the session user of spec part 1 §3. */
export async function findUserRecord(
  db: DbOrTx,
  by: { id: number } | { email: string },
): Promise<UserRecord | undefined> {
  const where = 'id' in by ? eq(usuarios.id, by.id) : eq(usuarios.email, by.email.trim().toLowerCase());
  const [row] = await db
    .select(USER_FIELDS)
    .from(usuarios)
    .innerJoin(grupos, eq(grupos.id, usuarios.idGrupo))
    .leftJoin(empresas, eq(empresas.id, usuarios.idEmpresa))
    .where(where)
    .limit(1);
  return row && toUserRecord(row);
}

/**
 * The user behind a live session (not revoked, used within `idleMinutes`), by its token's hash
 * (tokens.ts), in one indexed read: every signed-in call that misses the session cache
 * (session-cache.ts) starts here, so it is a prepared statement and does nothing the answer does
 * not need.
 */
export async function findSessionUser(
  db: DbOrTx,
  hash: string,
  idleMinutes: number,
): Promise<{ record: UserRecord; sessionId: number; lastSeenAt: Date } | undefined> {
  const statement = prepared(db, 'usuario_da_sessao', (name) =>
    db
      .select({ ...USER_FIELDS, sessionId: sessoes.id, lastSeenAt: sessoes.lastSeenAt })
      .from(sessoes)
      .innerJoin(usuarios, eq(usuarios.id, sessoes.idUsuario))
      .innerJoin(grupos, eq(grupos.id, usuarios.idGrupo))
      .leftJoin(empresas, eq(empresas.id, usuarios.idEmpresa))
      .where(
        and(
          eq(sessoes.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessoes.revokedAt),
          gt(sessoes.lastSeenAt, sql`now() - make_interval(mins => ${sql.placeholder('idleMinutes')})`),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ tokenHash: hash, idleMinutes });
  return row && { record: toUserRecord(row), sessionId: row.sessionId, lastSeenAt: row.lastSeenAt };
}

function toUserRecord(row: UserRow): UserRecord {
  const { u, g } = row;
  return {
    passwordHash: u.passwordHash,
    ativo: u.ativo,
    // No company (the first administrator) is no deactivated company.
    empresaAtiva: row.empresaStatus ?? true,
    user: {
      id: u.id,
      name: u.name,
      email: u.email,
      telefone: u.telefone,
      cnpj: u.cnpj,
      empresa: u.idEmpresa,
      razao_social: row.razaoSocial,
      grupo: g.id,
      grupo_nome: g.nome,
      papel: g.papel as RoleKind,
      permissoes: {
        cadastro: g.cadastro,
        cnpjs: g.cnpjs,
        relatorios: g.relatorios,
        empresas: g.empresas,
        usuarios: g.usuarios,
      },
      perfil: u.idPerfil,
      trocar_senha: u.trocarSenha,
      id_regional: u.idRegional,
      regionais: row.regionais.map(Number),
    },
  };
}
