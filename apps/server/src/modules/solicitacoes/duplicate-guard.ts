import type { DuplicateMatch, Flow, Kind, SessionUser } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { unprocessable } from '../../http/errors.ts';
import { duplicateLookupValue, findDuplicates, lockDuplicateKey } from './duplicates-repo.ts';
import type { RequestRow } from '../../requests-core/repo.ts';

const DUPLICATE_SUBJECT = {
  unidade: 'Unidade já cadastrada',
  endereco_id: 'Endereço ID já cadastrado',
} as const;
type DuplicateField = keyof typeof DUPLICATE_SUBJECT;
type FieldMatch = { field: DuplicateField; match: DuplicateMatch };

export interface DuplicateGuardInput {
  user: SessionUser;
  flow: Flow;
  kind: Kind;
  current: RequestRow | undefined;
  /** The stored record's field values ({} when creating). */
  stored: Record<string, unknown>;
  sent: Record<string, unknown>;
  /** The user pressed the modal's override ('Cadastrar mesmo assim?' / 'Solicitar Novo Cadastro'). */
  confirmed: boolean;
}

/** The unit and address id this save would record anew (an unchanged value is no new duplicate). */
function keysToCheck({ stored, sent }: DuplicateGuardInput) {
  return (['unidade', 'endereco_id'] as const).flatMap((field) => {
    const value = sent[field];
    return typeof value === 'string' && value !== stored[field] ? [{ field, value }] : [];
  });
}

/**
 * Serializes the saves that would record the same unit or address id on one form until their
 * transactions end, so a concurrent save sees the other's row when it checks. Locks are taken in
 * one order, so two saves sharing both keys cannot deadlock; a hash collision only serializes more.
 */
async function lockKeys(tx: Tx, input: DuplicateGuardInput, keys: { field: string; value: string }[]) {
  const names = keys
    .map(
      ({ field, value }) => `solicitacao:${input.flow}.${input.kind}:${field}:${duplicateLookupValue(value)}`,
    )
    .sort();
  for (const name of names) await lockDuplicateKey(tx, name);
}

/** The refusal names the field that matched; a workflow match weighs more than one in the base. */
function duplicateRefusal(duplicates: FieldMatch[]) {
  const first = duplicates.find((d) => d.match.origem === 'workflow') ?? duplicates[0]!;
  const subject = DUPLICATE_SUBJECT[first.field];
  return first.match.origem === 'workflow'
    ? unprocessable(`${subject} no workflow. Entre em contato com a regional responsável.`, first.field)
    : unprocessable(`${subject} na base Xerox/AM Energia. Confirme para cadastrar mesmo assim.`, first.field);
}

/**
 * The duplicate rule of spec part 1 §5 and part 2 §5, atomic with the write: run inside the save's
 * transaction. A unit or address id already in the workflow is always refused; one in the
 * provider's base only until the user confirms. Returns the confirmed base matches, for the history.
 */
export async function guardDuplicates(tx: Tx, input: DuplicateGuardInput): Promise<DuplicateMatch[]> {
  const keys = keysToCheck(input);
  if (!keys.length) return [];
  await lockKeys(tx, input, keys);
  const duplicates: FieldMatch[] = [];
  for (const { field, value } of keys) {
    const key = field === 'unidade' ? { unidade: value } : { endereco_id: value };
    const found = await findDuplicates(tx, input.user, input.flow, input.kind, key, input.current?.id);
    duplicates.push(...found.map((match) => ({ field, match })));
  }
  const inWorkflow = duplicates.some((d) => d.match.origem === 'workflow');
  if (duplicates.length && (inWorkflow || !input.confirmed)) throw duplicateRefusal(duplicates);
  return duplicates.map((d) => d.match);
}
