import { z } from 'zod';
import { ROLE_KIND_KEYS, type RoleKind } from '../access/groups.ts';
import { SIDES } from '../access/sides.ts';
import { FLOWS_LIST } from '../catalogs/flow-kind.ts';
import { statusLabelEntry } from './status-labels.ts';

/**
 * The rows the administration calls answer (spec part 2 §2.4–§2.8, §7), declared once for the
 * server's response schemas and the web's types. Bodies are in schemas/admin*.ts; envelopes in
 * contracts/envelopes.ts. Every row carries the `version` it was read at (GUIDE §3).
 */

const text = z.string().nullable();
const roleKind = z.enum(ROLE_KIND_KEYS as [RoleKind, ...RoleKind[]]);

export const regionalRow = z.object({
  id: z.number(),
  regional: z.string(),
  gestor: text,
  email_gestor: text,
  focal1: text,
  nome_focal1: text,
  focal2: text,
  nome_focal2: text,
  focal3: text,
  nome_focal3: text,
  focal4: text,
  nome_focal4: text,
  ufs: z.array(z.string()),
  cadastrado: z.string(),
  version: z.number(),
});
export type RegionalRow = z.infer<typeof regionalRow>;

export const concessionaireRow = z.object({
  id: z.number(),
  nome: z.string(),
  sigla: z.string(),
  fluxo: z.enum(FLOWS_LIST),
  ufs: z.array(z.string()),
  ativo: z.boolean(),
  version: z.number(),
});
export type ConcessionaireRow = z.infer<typeof concessionaireRow>;

export const companyRow = z.object({
  id: z.number(),
  razao_social: z.string(),
  cnpj: z.string(),
  cidade: text,
  cep: text,
  email: text,
  telefone: text,
  status: z.boolean(),
  cadastrado: z.string(),
  version: z.number(),
});
export type CompanyRow = z.infer<typeof companyRow>;

export const groupRow = z.object({
  id: z.number(),
  nome: z.string(),
  papel: roleKind,
  papel_nome: z.string(),
  cadastro: z.boolean(),
  cnpjs: z.boolean(),
  relatorios: z.boolean(),
  empresas: z.boolean(),
  usuarios: z.boolean(),
  version: z.number(),
});
export type GroupRow = z.infer<typeof groupRow>;

export const userRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  id_empresa: z.number().nullable(),
  razao_social: text,
  id_grupo: z.number(),
  grupo_nome: z.string(),
  papel: roleKind,
  id_perfil: z.number(),
  perfil_nome: z.string(),
  id_regional: z.number().nullable(),
  regionais: z.array(z.number()),
  id_status: z.boolean(),
  trocar_senha: z.number(),
  telefone: text,
  cnpj: text,
  cadastrado: z.string(),
  version: z.number(),
});
export type UserRow = z.infer<typeof userRow>;

/** What the user form chooses from (GET usuarios/opcoes). */
export const userOptions = z.object({
  empresas: z.array(
    z.object({
      id: z.number(),
      razao_social: z.string(),
      fluxo: z.string(),
      status: z.boolean(),
      lado: z.enum(SIDES),
    }),
  ),
  grupos: z.array(z.object({ id: z.number(), nome: z.string(), papel: roleKind, papel_nome: z.string() })),
  perfis: z.array(z.object({ id: z.number(), nome: z.string() })),
  regionais: z.array(z.object({ id: z.number(), regional: z.string() })),
});
export type UserOptions = z.infer<typeof userOptions>;
export const userOptionsReply = z.object({ error: z.literal(0), dados: userOptions });

/** A status name as the /status screen edits it: the name everybody reads, its id and version. */
export const statusLabelRow = statusLabelEntry.extend({ id: z.number(), version: z.number() });
export type StatusLabelRow = z.infer<typeof statusLabelRow>;
