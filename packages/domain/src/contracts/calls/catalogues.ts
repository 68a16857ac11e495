import { z } from 'zod';
import { statusLabelEntriesReply } from '../status-labels.ts';
import { defineCall, SIGNED_IN } from '../call.ts';

/** City lists, postal codes, regionals and concessionaires offered by the forms to every signed-in user. */

const UF = z.string().regex(/^[A-Za-z]{2}$/, 'UF inválida.');
const CEP = z.string().regex(/^\d{8}$/, 'CEP deve ter 8 dígitos.');

export const citiesCall = defineCall({
  method: 'GET',
  path: '/api/cidades/:uf',
  tags: ['Localidades'],
  access: SIGNED_IN,
  params: z.object({ uf: UF }),
  answer: z.object({ error: z.literal(0), dados: z.array(z.string()) }),
  errors: ['notFound'],
});

export const postalAddress = z.object({
  logradouro: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string(),
});
export type PostalAddress = z.infer<typeof postalAddress>;

export const postalCodeCall = defineCall({
  method: 'GET',
  path: '/api/cep/:cep',
  tags: ['Localidades'],
  access: SIGNED_IN,
  params: z.object({ cep: CEP }),
  answer: z.object({ error: z.literal(0), dados: postalAddress }),
  errors: ['notFound'],
});

/** A regional as the forms offer it: id, name and the UFs it serves (no contacts). */
export const publicRegional = z.object({ id: z.number(), regional: z.string(), ufs: z.array(z.string()) });
export type PublicRegional = z.infer<typeof publicRegional>;

export const publicRegionalsCall = defineCall({
  method: 'GET',
  path: '/api/regionais',
  tags: ['Cadastros'],
  access: SIGNED_IN,
  answer: z.object({ error: z.literal(0), dados: z.array(publicRegional) }),
});

/** An active concessionaire of a flow, for the forms' selectors. */
export const concessionaireOption = z.object({
  id: z.number(),
  nome: z.string(),
  sigla: z.string(),
  ufs: z.array(z.string()),
});
export type ConcessionaireOption = z.infer<typeof concessionaireOption>;
const concessionairesAnswer = z.object({ error: z.literal(0), dados: z.array(concessionaireOption) });

export const concessionairesCalls = {
  energia: defineCall({
    method: 'GET',
    path: '/api/concessionarias',
    tags: ['Cadastros'],
    access: SIGNED_IN,
    answer: concessionairesAnswer,
  }),
  agua: defineCall({
    method: 'GET',
    path: '/api/agua/concessionarias',
    tags: ['Cadastros'],
    access: SIGNED_IN,
    answer: concessionairesAnswer,
  }),
} as const;

/** Every signed-in user reads the status names: lists, badges and selectors show the edited names. */
export const statusLabelEntriesCall = defineCall({
  method: 'GET',
  path: '/api/status-rotulos',
  tags: ['Status'],
  access: SIGNED_IN,
  answer: statusLabelEntriesReply,
});
