import { z } from 'zod';
import { FIELD_MAX } from '../validators/field-limits.ts';
import { REGULARIZATION_FILES } from '../workflow/regularization-policy.ts';
import { REQUEST_FILES } from '../workflow/request-fields.ts';
import { optionalRecordId, recordId, requiredIdentifier } from './fields.ts';

/** The small calls of spec §7 (both parts) around a record: duplicates, histories, files, delete. */

/** validar-unidade: is this unit already in the workflow or in the provider's base? `id`: the record being edited, which is no duplicate of itself. */
export const validateUnitBody = z.object({
  unidade: requiredIdentifier(FIELD_MAX.unidade, 'Unidade'),
  id: optionalRecordId,
});

/** validar-endereco: the same question for an address id. */
export const validateAddressBody = z.object({
  endereco_id: requiredIdentifier(FIELD_MAX.endereco_id, 'Endereço ID'),
  id: optionalRecordId,
});

/** historicos and status: the observation and status histories of one record. */
export const historyBody = z.object({ id_unidade: recordId });

/** apagar-arquivos of a request form. */
export const deleteRequestFileBody = z.object({
  id: recordId,
  tipo: z.enum(REQUEST_FILES, { error: 'Tipo de arquivo inválido.' }),
});

/** consolidacao/apagar-arquivos. */
export const deleteRegularizationFileBody = z.object({
  id: recordId,
  tipo: z.enum(REGULARIZATION_FILES, { error: 'Tipo de arquivo inválido.' }),
});

/** Every delete call (unidades/delete, usuarios/delete…): one id. */
export const deleteBody = z.object({ id: recordId });

/**
 * One match of a duplicate check (spec part 1 §3 "Duplicate-check result": sge flag, UC, Rz_Social,
 * Endereco, Bairro, Cidade, Estado, Status). `origem` tells the workflow from the provider's base,
 * which decide between the two modals. A workflow request outside the caller's scope comes as one
 * match with `id` null and every detail blank: the caller learns only that it exists.
 */
export const duplicateMatchSchema = z.object({
  origem: z.enum(['workflow', 'base']),
  sge: z.boolean(),
  id: z.number().nullable(),
  UC: z.string(),
  Rz_Social: z.string(),
  Concessionaria: z.string().nullable(),
  Endereco: z.string(),
  Bairro: z.string(),
  Cidade: z.string(),
  Estado: z.string(),
  Status: z.string(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;

/** The answer of validar-unidade and validar-endereco. */
export const duplicateCheckResultSchema = z.object({
  error: z.literal(0),
  total: z.number(),
  dados: z.array(duplicateMatchSchema),
});
export type DuplicateCheckResult = z.infer<typeof duplicateCheckResultSchema>;
