import { eq } from 'drizzle-orm';
import type { RoleKind, SessionUser } from '@portal/domain';
import type { DbOrTx } from '../db/client.ts';
import { empresas, grupos, usuarioRegionais, usuarios } from '../db/schema.ts';

/** The user row joined with what every access decision needs. */
export interface UserRecord {
  user: SessionUser;
  passwordHash: string;
  ativo: boolean;
  /** False when the user's company was deactivated: its users may not sign in. */
  empresaAtiva: boolean;
}

/** Loads a user by id or e-mail (case-insensitive) and shapes it as the session user of spec part 1 §3. */
export async function findUserRecord(
  db: DbOrTx,
  by: { id: number } | { email: string },
): Promise<UserRecord | undefined> {
  const where = 'id' in by ? eq(usuarios.id, by.id) : eq(usuarios.email, by.email.trim().toLowerCase());
  const [row] = await db
    .select({ u: usuarios, g: grupos, razaoSocial: empresas.razaoSocial, empresaStatus: empresas.status })
    .from(usuarios)
    .innerJoin(grupos, eq(grupos.id, usuarios.idGrupo))
    .leftJoin(empresas, eq(empresas.id, usuarios.idEmpresa))
    .where(where)
    .limit(1);
  if (!row) return undefined;
  const regionais = await db
    .select({ id: usuarioRegionais.idRegional })
    .from(usuarioRegionais)
    .where(eq(usuarioRegionais.idUsuario, row.u.id));
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
      regionais: regionais.map((r) => r.id).sort((a, b) => a - b),
    },
  };
}
