import { z } from 'zod';
import type { RoleKind } from '../access/groups.ts';
import { PROFILES } from '../access/groups.ts';
import { REGIONAL_IDS } from '../catalogs/regionals.ts';
import { FIELD_MAX } from '../validators/field-limits.ts';
import { servedUfs } from './admin-reference.ts';
import { phoneDigits } from '../validators/phone.ts';
import {
  cnpjField,
  flag,
  optionalEmail,
  optionalRecordId,
  optionalRef,
  optionalTaxId,
  optionalText,
  optionalVersion,
  requiredCep,
  requiredCode,
  requiredEmail,
  requiredRef,
  requiredText,
} from './fields.ts';

/** Administration payloads (spec part 2 §5 and §7: usuarios, regional, empresas). */

const toRegionalIds = (v: unknown) => {
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
  return v ?? [];
};

const PHONE_INVALID = 'O campo Telefone é inválido.';
const PHONE_TOO_LONG = `O campo Telefone pode ter no máximo ${FIELD_MAX.telefone} caracteres.`;
/** A phone number with area code: 10 to 13 digits once punctuation is dropped. */
const isPhoneText = (s: string) => /^\d{10,13}$/.test(s.replace(/[\s()+-]/g, ''));
const phoneText = z
  .string({ error: 'O campo Telefone é obrigatório.' })
  .max(FIELD_MAX.telefone, PHONE_TOO_LONG)
  .refine(isPhoneText, PHONE_INVALID);
const phone = z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), phoneText);

/**
 * A user's phone: the same check, narrowed to a Brazilian number (area code + 8 or 9 digits, as
 * the form's mask types it) and kept as digits only; blank clears it.
 */
const optionalUserPhone = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || null : v),
  z
    .string({ error: PHONE_INVALID })
    .max(FIELD_MAX.telefone, PHONE_TOO_LONG)
    .refine((s) => isPhoneText(s) && phoneDigits(s).length <= 11, PHONE_INVALID)
    .transform(phoneDigits)
    .nullable()
    .optional(),
);

/**
 * usuarios/add and usuarios/edit. An administrator never sets a password (GUIDE §7): a blank one
 * is ignored, any other is kept only so the server can refuse it by name (admin-grants.ts).
 */
export const userSaveBody = z.object({
  id: optionalRecordId,
  version: optionalVersion,
  name: requiredText(FIELD_MAX.name, 'Nome'),
  email: requiredEmail('E-mail'),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.unknown().optional()),
  id_empresa: requiredRef('Empresa'),
  id_grupo: requiredRef('Grupo de Acesso'),
  id_perfil: requiredCode(Object.keys(PROFILES).map(Number), 'Perfil'),
  id_regional: optionalRef('Regional'),
  id_status: flag('Ativo').default(true),
  /** Shown as 'Dados do Solicitante' on the requests this user files (spec part 1 §3). */
  telefone: optionalUserPhone,
  cnpj: optionalTaxId('CPF/CNPJ inválido'),
  /** The old screen sends a comma list; an array is accepted too. */
  regionais: z.preprocess(
    toRegionalIds,
    z.array(z.number({ error: 'Regional inválida.' }).int().positive('Regional inválida.')),
  ),
});
export type UserSaveBody = z.infer<typeof userSaveBody>;

export const SELECT_ONE_REGIONAL = 'Selecione pelo menos uma Regional';

/**
 * The regionals a user is saved with, given the role kind of the chosen group (spec part 2 §5):
 * a regional must tick at least one; Energy Efficiency always gets all seven.
 */
export function regionaisForRole(
  papel: RoleKind,
  chosen: readonly number[],
): { ok: true; regionais: number[] } | { ok: false; msg: string } {
  if (papel === 'energy_efficiency') return { ok: true, regionais: [...REGIONAL_IDS] };
  if (papel === 'regional' && chosen.length === 0) return { ok: false, msg: SELECT_ONE_REGIONAL };
  return { ok: true, regionais: [...new Set(chosen)] };
}

const focal = (n: 1 | 2 | 3 | 4) => ({
  [`focal${n}`]: optionalEmail(`E-mail do Focal ${n}`),
  [`nome_focal${n}`]: optionalText(FIELD_MAX.nome_focal, `Nome do Focal ${n}`),
});

/** regional/add and regional/edit. */
export const regionalSaveBody = z.object({
  id: optionalRecordId,
  version: optionalVersion,
  regional: requiredText(FIELD_MAX.regional, 'Regional'),
  gestor: requiredText(FIELD_MAX.gestor, 'Gestor'),
  email_gestor: requiredEmail('E-mail do Gestor'),
  ...focal(1),
  ...focal(2),
  ...focal(3),
  ...focal(4),
  /** Absent: an edit keeps the stored UFs, a new regional serves none yet. */
  ufs: servedUfs.optional(),
});
export type RegionalSaveBody = z.infer<typeof regionalSaveBody>;

/** empresas/add and empresas/edit (and their agua/ twins): every field required (spec part 2 §5). */
export const companySaveBody = z.object({
  id: optionalRecordId,
  version: optionalVersion,
  razao_social: requiredText(FIELD_MAX.razao_social, 'Razão Social'),
  cnpj: cnpjField('CNPJ inválido', true),
  cidade: requiredText(FIELD_MAX.cidade, 'Cidade'),
  cep: requiredCep,
  email: requiredEmail('E-mail'),
  telefone: phone,
  status: flag('Status').default(true),
});
export type CompanySaveBody = z.infer<typeof companySaveBody>;
