import { z } from 'zod';
import { DE_PARA_TIPOS, DE_PARA_TIPO_OPTIONS, type DeParaTipo } from '../catalogs/de-para.ts';
import { labelOf } from '../catalogs/options.ts';
import { BASE_COLUMNS } from '../reconciliation/columns.ts';
import {
  cleanTypedText,
  MAX_ID,
  messages,
  optionalRecordId,
  optionalVersion,
  requiredText,
} from './fields.ts';

/**
 * /de-para (issue 11): how the provider's export writes a value ("de") and the portal's value it
 * stands for ("para"). The import reads `de` as a key of its own column and `para` as the portal's
 * name: a concessionaire's name, a regional's id, or a voltage label stored as is.
 */

/** The widths of the de_para columns. */
export const DE_PARA_MAX = { de: 120, para: 120 } as const;

/** The provider column each tipo translates: a longer "de" could never match a cell of the file. */
const PROVIDER_COLUMN: Record<DeParaTipo, (typeof BASE_COLUMNS)[number]['field']> = {
  concessionaria: 'concessionaria',
  regional: 'regional',
  tensao: 'tensao',
};
const providerMax = (tipo: DeParaTipo): number =>
  BASE_COLUMNS.find((c) => c.field === PROVIDER_COLUMN[tipo])!.max;

/** A voltage label lands in the base's `tensao` column, as wide as the export's. */
export const deParaParaMax = (tipo: DeParaTipo): number =>
  tipo === 'tensao' ? providerMax('tensao') : DE_PARA_MAX.para;
export const deParaDeMax = (tipo: DeParaTipo): number => Math.min(DE_PARA_MAX.de, providerMax(tipo));

export const DE_PARA_LABELS = {
  tipo: 'Tipo',
  de: 'De (valor do provedor)',
  para: 'Para (valor do portal)',
} as const;

/** The refusals the server adds once it has looked the value up; the form shows them under Para. */
export const DE_PARA_PARA_REFUSAL: Record<Exclude<DeParaTipo, 'tensao'>, string> = {
  concessionaria: `O campo ${DE_PARA_LABELS.para} deve ser o nome de uma Concessionária cadastrada.`,
  regional: `O campo ${DE_PARA_LABELS.para} deve ser uma Regional cadastrada.`,
};

export const deParaTaken = (tipo: DeParaTipo): string =>
  `O valor do campo ${DE_PARA_LABELS.de} já está cadastrado para o tipo ${labelOf(DE_PARA_TIPO_OPTIONS, tipo)}.`;

const tipoField = z.preprocess(
  (v) => (typeof v === 'string' ? cleanTypedText(v) || undefined : (v ?? undefined)),
  // A missing tipo is a malformed request (400); a tipo outside the catalog an invalid value (422).
  z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? messages.required(DE_PARA_LABELS.tipo)
          : messages.invalid(DE_PARA_LABELS.tipo),
    })
    .pipe(z.enum(DE_PARA_TIPOS, { error: messages.invalid(DE_PARA_LABELS.tipo) })),
);

/** A regional is chosen by id: the selector sends it as text or as a number. */
const numberToText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);
const isRegionalId = (s: string) => /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_ID;

/** de-para/add and de-para/edit. */
export const deParaSaveBody = z
  .object({
    id: optionalRecordId,
    version: optionalVersion,
    tipo: tipoField,
    de: requiredText(DE_PARA_MAX.de, DE_PARA_LABELS.de),
    para: z.preprocess(numberToText, requiredText(DE_PARA_MAX.para, DE_PARA_LABELS.para)),
  })
  .superRefine((body, ctx) => {
    const tooLong = (field: 'de' | 'para', maximum: number) =>
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum,
        inclusive: true,
        input: body[field],
        path: [field],
        message: `${messages.max(DE_PARA_LABELS[field], maximum).slice(0, -1)} para o tipo ${labelOf(DE_PARA_TIPO_OPTIONS, body.tipo)}.`,
      });
    if (body.de.length > deParaDeMax(body.tipo)) tooLong('de', deParaDeMax(body.tipo));
    if (body.para.length > deParaParaMax(body.tipo)) tooLong('para', deParaParaMax(body.tipo));
    if (body.tipo === 'regional' && !isRegionalId(body.para)) {
      ctx.addIssue({
        code: 'custom',
        input: body.para,
        path: ['para'],
        message: DE_PARA_PARA_REFUSAL.regional,
      });
    }
  });
export type DeParaSaveBody = z.infer<typeof deParaSaveBody>;

/** de-para/list filters by tipo besides the usual search, sort and paging. */
export const deParaFilter = {
  tipo: z.preprocess(
    (v) => (v === '' || v === null || v === 'Todos' ? undefined : v),
    z.enum(DE_PARA_TIPOS, { error: messages.invalid(DE_PARA_LABELS.tipo) }).optional(),
  ),
};
