import { z } from 'zod';
import { optionalVersion, recordId, requiredText } from '../../../schemas/fields.ts';
import { REASON_NAME_MAX, REFUSAL_MOVE_KEYS } from '../../../workflow/refusal-reasons.ts';
import { defineCall, menuRule, SIGNED_IN } from '../../call.ts';
import { listBodyWith, listReply, savedReply } from '../../envelopes.ts';

/**
 * /motivos-recusa (issue 34 step 3): the administrator keeps the reasons of each refusing move;
 * the record's action dialogs read the active ones of their move. Reasons are never deleted (the
 * history names them): a reason out of use is deactivated.
 */
const tags = ['Motivos de recusa'];

const movimento = z.enum(REFUSAL_MOVE_KEYS, { error: 'O campo Ação é inválido.' });

export const refusalReasonRow = z.object({
  id: z.number(),
  movimento: z.enum(REFUSAL_MOVE_KEYS),
  nome: z.string(),
  ativo: z.boolean(),
  cadastrado: z.string(),
  version: z.number(),
});
export type RefusalReasonRow = z.infer<typeof refusalReasonRow>;

const activeFlag = z.boolean({ error: 'O campo Ativo é inválido.' });

export const refusalReasonAddBody = z.object({
  movimento,
  nome: requiredText(REASON_NAME_MAX, 'Motivo'),
  ativo: activeFlag.optional(),
});
export const refusalReasonEditBody = z.object({
  id: recordId,
  version: optionalVersion,
  nome: requiredText(REASON_NAME_MAX, 'Motivo'),
  ativo: activeFlag,
});
export type RefusalReasonAddBody = z.infer<typeof refusalReasonAddBody>;
export type RefusalReasonEditBody = z.infer<typeof refusalReasonEditBody>;

export const refusalReasonCalls = {
  list: defineCall({
    method: 'POST',
    path: '/api/motivos-recusa/list',
    tags,
    access: menuRule('motivos-recusa'),
    body: listBodyWith({ movimento: movimento.optional() }),
    answer: listReply(refusalReasonRow),
    errors: ['notFound'],
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/motivos-recusa/add',
    tags,
    access: menuRule('motivos-recusa'),
    body: refusalReasonAddBody,
    answer: savedReply(refusalReasonRow),
    errors: ['notFound', 'conflict'],
  }),
  edit: defineCall({
    method: 'POST',
    path: '/api/motivos-recusa/edit',
    tags,
    access: menuRule('motivos-recusa'),
    body: refusalReasonEditBody,
    answer: savedReply(refusalReasonRow),
    errors: ['notFound', 'conflict'],
  }),
};

/** The active reasons of one move, for the action dialogs: any signed-in user (the gate judges the save). */
export const refusalReasonOptionsCall = defineCall({
  method: 'GET',
  path: '/api/motivos-recusa/opcoes',
  tags,
  access: SIGNED_IN,
  query: z.object({ movimento }),
  answer: z.object({
    error: z.literal(0),
    dados: z.array(z.object({ id: z.number(), nome: z.string() })),
  }),
});
