import type { Flow } from '../catalogs/flow-kind.ts';
import type { DeParaTipo } from '../catalogs/de-para.ts';
import { UF_CODES } from '../catalogs/ufs.ts';
import { cleanCep } from '../validators/cep.ts';
import { cleanCnpj, isValidCnpj } from '../validators/cnpj.ts';
import { identifierCharactersMessage, isIdentifier, normalizeIdentifier } from '../validators/identifier.ts';
import { cleanTypedText, isStorableText } from '../schemas/fields.ts';
import { safeHttpUrl } from '../links/http-url.ts';
import { BASE_COLUMNS, columnHeader, type BaseField } from './columns.ts';

/** One unit of the provider's base as the portal stores it. */
export interface BaseRow {
  uc: string;
  concessionaria: string;
  idConcessionaria: number;
  rzSocial: string;
  cnpjFatura: string;
  estado: string;
  enderecoId: string | null;
  siteId: string | null;
  regional: number | null;
  cep: string | null;
  cidade: string | null;
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  numeroMedidor: string | null;
  tensao: string | null;
  urlFatura: string | null;
  ativa: boolean;
}

/** What an import knows when it reads a row: the portal's names and the /de-para translations. */
export interface BaseRowContext {
  flow: Flow;
  /** The flow's concessionaires by lower-case name (and acronym): their id and portal name. */
  concessionaires: ReadonlyMap<string, { id: number; nome: string }>;
  /** Regionals by lower-case name and by id written as text. */
  regionals: ReadonlyMap<string, number>;
  /** `tipo:lower(de)` → para. */
  dePara: ReadonlyMap<string, string>;
}

export type RowCheck = { ok: true; row: BaseRow } | { ok: false; reasons: string[] };

export const deParaKey = (tipo: DeParaTipo, de: string): string => `${tipo}:${de.trim().toLowerCase()}`;

const ACTIVE = new Set(['', 'sim', 's', 'ativa', 'ativo', '1', 'true', 'verdadeiro']);
const INACTIVE = new Set(['nao', 'não', 'n', 'inativa', 'inativo', '0', 'false', 'falso']);

/**
 * One data row of the export, checked and translated (de-para first, then the portal's tables):
 * every reason it cannot be imported, in Portuguese, or the row to store.
 */
export function checkBaseRow(raw: Partial<Record<BaseField, string>>, ctx: BaseRowContext): RowCheck {
  const reasons: string[] = [];
  const text: Partial<Record<BaseField, string | null>> = {};
  for (const column of BASE_COLUMNS) {
    const typed = raw[column.field] ?? '';
    const value = 'identifier' in column ? normalizeIdentifier(typed) : cleanTypedText(typed);
    if (!value) {
      if (column.required) reasons.push(`${column.header} não preenchido.`);
      text[column.field] = null;
    } else if (value.length > column.max) {
      reasons.push(`${column.header} passa de ${column.max} caracteres.`);
    } else if (!isStorableText(value)) {
      reasons.push(`${column.header} contém caracteres inválidos.`);
    } else if ('identifier' in column && !isIdentifier(value)) {
      reasons.push(identifierCharactersMessage(column.header));
    } else {
      text[column.field] = value;
    }
  }
  const translated = (tipo: DeParaTipo, value: string | null | undefined) =>
    value ? (ctx.dePara.get(deParaKey(tipo, value)) ?? value) : null;

  const concessionaireName = translated('concessionaria', text.concessionaria);
  const concessionaire = concessionaireName
    ? ctx.concessionaires.get(concessionaireName.toLowerCase())
    : undefined;
  if (concessionaireName && !concessionaire) {
    reasons.push(
      `Concessionária "${concessionaireName}" não cadastrada para ${ctx.flow === 'agua' ? 'água' : 'energia'} (cadastre-a ou crie um De-Para).`,
    );
  }
  const cnpj = text.cnpjFatura ? cleanCnpj(text.cnpjFatura) : null;
  if (cnpj && !isValidCnpj(cnpj)) reasons.push('CNPJ Fatura inválido.');
  const estado = text.estado?.toUpperCase() ?? null;
  if (estado && !UF_CODES.includes(estado)) reasons.push(`UF "${text.estado}" não existe.`);
  const regionalName = translated('regional', text.regional);
  const regional = regionalName ? ctx.regionals.get(regionalName.toLowerCase()) : undefined;
  if (regionalName && regional === undefined) reasons.push(`Regional "${regionalName}" não cadastrada.`);
  const cep = text.cep ? cleanCep(text.cep) : null;
  if (cep !== null && cep.length !== 8) reasons.push('CEP inválido (8 dígitos).');
  // The screens link to it: anything but http(s) would be a link that runs script (issue 30).
  if (text.urlFatura && !safeHttpUrl(text.urlFatura)) {
    reasons.push(`${columnHeader('urlFatura')} não é um endereço http:// ou https://.`);
  }
  const ativa = (text.ativa ?? '').toLowerCase();
  if (!ACTIVE.has(ativa) && !INACTIVE.has(ativa)) reasons.push(`Ativa "${text.ativa}" não é Sim nem Não.`);

  if (reasons.length || !concessionaire || !cnpj || !estado || !text.uc || !text.rzSocial) {
    return { ok: false, reasons: reasons.length ? reasons : ['Linha incompleta.'] };
  }
  return {
    ok: true,
    row: {
      uc: text.uc,
      concessionaria: concessionaire.nome,
      idConcessionaria: concessionaire.id,
      rzSocial: text.rzSocial,
      cnpjFatura: cnpj,
      estado,
      enderecoId: text.enderecoId ?? null,
      siteId: text.siteId ?? null,
      regional: regional ?? null,
      cep,
      cidade: text.cidade ?? null,
      endereco: text.endereco ?? null,
      numero: text.numero ?? null,
      complemento: text.complemento ?? null,
      bairro: text.bairro ?? null,
      numeroMedidor: text.numeroMedidor ?? null,
      tensao: translated('tensao', text.tensao)?.slice(0, 40) ?? null,
      urlFatura: text.urlFatura ?? null,
      ativa: !INACTIVE.has(ativa),
    },
  };
}
