import { STATUS, type RequestStatus } from '../catalogs/request-status.ts';
import type { PolicyRole } from './audience.ts';
import { ADDRESS_IDS, CELL_TARIFF_FIELDS, type RequestField } from './request-fields.ts';

/**
 * Rules that add or drop required fields (spec part 1 §4–§5, part 2 §4.2, §5).
 * A rule with `chosen` applies when the save moves the request into one of those statuses
 * (a status kept as it was is not a choice); a rule with only `roles` always applies to them.
 * When one rule requires a field and another releases it, the release wins.
 */
export interface RequiredRule {
  spec: string;
  roles?: readonly PolicyRole[];
  chosen?: readonly RequestStatus[];
  require?: readonly RequestField[];
  release?: readonly RequestField[];
}

export const REQUIRED_RULES: readonly RequiredRule[] = [
  {
    spec: 'Escolher 3 torna a observação obrigatória e o Endereço ID opcional',
    chosen: [STATUS.RECUSADA_REGIONAL],
    require: ['observacao'],
    release: ['endereco_id'],
  },
  {
    spec: 'Escolher 7 torna o Tipo de Pagamento obrigatório',
    chosen: [STATUS.APROVADA],
    require: ['tipo_de_pagamento'],
  },
  {
    spec: 'Escolher 15 torna Endereço ID, Site ID e Tipo de Loja opcionais',
    chosen: [STATUS.RECUSADA_ANALISE],
    release: [...ADDRESS_IDS, 'tipo_de_loja'],
  },
  {
    spec: 'A Célula, ao aprovar (5 ou 7), preenche os campos tarifários e de custo; com 4, 6 ou 9 eles são opcionais',
    roles: ['celula'],
    chosen: [STATUS.APROVADA_CELULA_AGUARDANDO, STATUS.APROVADA],
    require: CELL_TARIFF_FIELDS,
  },
  {
    spec: 'O grupo Solicitante (23090483) não precisa de Endereço ID nem Site ID',
    roles: ['solicitante'],
    release: ADDRESS_IDS,
  },
];

export const rulesThatApply = (role: PolicyRole, chosen: RequestStatus | null): RequiredRule[] =>
  REQUIRED_RULES.filter(
    (rule) =>
      (!rule.roles || rule.roles.includes(role)) &&
      (!rule.chosen || (chosen !== null && rule.chosen.includes(chosen))),
  );
