/** The messages of the list/add/edit/delete calls; their envelopes are contracts/envelopes.ts in the domain. */

export const SAVED = 'Salvo com sucesso';
export const DELETED = 'Apagado com sucesso!';

export const isoDate = (d: Date) => d.toISOString();
