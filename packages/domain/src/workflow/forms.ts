import type { RoleKind } from '../access/groups.ts';
import { WATER_SITE_TYPE_CODES, SITE_TYPES } from '../catalogs/enums.ts';
import { fieldLabel } from '../catalogs/field-labels.ts';
import { flowKey, type Flow, type FlowKey, type Kind } from '../catalogs/flow-kind.ts';
import { codesOf } from '../catalogs/options.ts';
import type { Audience } from './audience.ts';
import {
  CELL_BLOCK_FIELDS,
  CELL_TRACKING_FIELDS,
  HOLDER_DOCUMENTS,
  REQUESTER_FIELDS,
  type RequestField,
  type RequestFile,
} from './request-fields.ts';

/**
 * The four request forms as data: everything that differs between energy and water, new unit
 * and change of holder. The policy, the schemas and the screens read it; none copies it.
 */
export interface RequestForm {
  flow: Flow;
  kind: Kind;
  /**
   * The flow's one name (issue 15 item 7): menu entry, dashboard, list title, breadcrumb and the
   * record's heading all read it. Water names say so, since both flows share a sidebar.
   */
  title: string;
  createButton: string;
  listPath: string;
  newPath: string;
  /** ':id' is replaced by the record id. */
  editPath: string;
  /** Prefix of the spec's calls (§7): `${apiBase}/list`, `${apiBase}/add`… */
  apiBase: string;
  /** Header of the list's date column. */
  dateColumn: string;
  /** Field names this form words its own way. */
  labels: Partial<Record<RequestField, string>>;
  /** Role kinds that see the create button and may create (spec part 1 §2, part 2 §2.11, §2.13). */
  creators: readonly RoleKind[];
  fields: readonly RequestField[];
  files: readonly RequestFile[];
  /** Required of whoever may edit them (spec part 1 §5, part 2 §5). */
  requiredFields: readonly RequestField[];
  /** Required unless already uploaded. */
  requiredFiles: readonly RequestFile[];
  siteTypes: readonly number[];
  /** Who sees a field on this form, where it differs from the general rule (visibility.ts). */
  audience: Partial<Record<RequestField, Audience>>;
  duplicate: { workflowTitle: string; baseTitle: string; overrideButton: string };
  taxId: { fieldError: string; saveToast: string };
}

const BASE_REQUIRED: readonly RequestField[] = [
  'endereco_id',
  'site_id',
  'regional',
  'uf',
  'municipio',
  'endereco',
  'numero',
  'bairro',
  'cnpj_solicitada',
  'id_concessionaria',
  'unidade',
  'numero_medidor',
  'id_tensao',
  'tipo_site',
  'tipo_de_loja',
];

// Tower is left out although the spec shows it the create buttons: it "cannot submit new requests".
// Energy Efficiency and Property Management create new units: statuses 12 and 13 are named after them.
const NEW_UNIT_CREATORS: readonly RoleKind[] = [
  'solicitante',
  'terceiros',
  'regional',
  'energy_efficiency',
  'property',
];

const ENERGY_DUPLICATE_TITLES = {
  workflowTitle: 'Unidade já Cadastrada no Workflow',
  baseTitle: 'Unidade já Cadastrada na Base Xerox/AM Energia',
};
const WATER_LABELS = { unidade: 'Matrícula/RGI', numero_medidor: 'Hidrômetro' } as const;
const NEW_UNIT_TAX_ID = { fieldError: 'CNPJ/CPF inválido', saveToast: 'CNPJ/CPF da UC Solicitada Inválido' };
const CHANGE_TAX_ID = { fieldError: 'CNPJ inválido', saveToast: 'CNPJ da UC Solicitada Inválido' };

const ENERGY_FIELDS: readonly RequestField[] = [
  ...REQUESTER_FIELDS,
  ...CELL_TRACKING_FIELDS,
  ...CELL_BLOCK_FIELDS,
  'observacao',
];

export const REQUEST_FORMS: Record<FlowKey, RequestForm> = {
  'energia.nova': {
    flow: 'energia',
    kind: 'nova',
    title: 'UC Nova',
    createButton: 'Cadastrar UC Nova',
    listPath: '/cadastro-uc-nova',
    newPath: '/cadastro-uc-nova/nova',
    editPath: '/cadastro-uc-nova/nova/:id',
    apiBase: 'novas-unidades',
    dateColumn: 'Previsão Ativação',
    labels: {},
    creators: NEW_UNIT_CREATORS,
    fields: ENERGY_FIELDS,
    files: ['complementar', 'complementar_tower'],
    requiredFields: BASE_REQUIRED,
    requiredFiles: [],
    siteTypes: codesOf(SITE_TYPES),
    audience: {},
    duplicate: { ...ENERGY_DUPLICATE_TITLES, overrideButton: 'Cadastrar mesmo assim?' },
    taxId: NEW_UNIT_TAX_ID,
  },
  'energia.troca': {
    flow: 'energia',
    kind: 'troca',
    title: 'Troca de Titularidade',
    createButton: 'Cadastrar Troca de Titularidade',
    listPath: '/troca-titularidade',
    newPath: '/troca-titularidade/cadastro',
    editPath: '/troca-titularidade/cadastro/:id',
    apiBase: 'unidades',
    dateColumn: 'Previsão de Troca',
    labels: {},
    creators: ['solicitante'],
    fields: ENERGY_FIELDS,
    files: [...HOLDER_DOCUMENTS, 'complementar', 'complementar_tower'],
    requiredFields: BASE_REQUIRED,
    requiredFiles: HOLDER_DOCUMENTS,
    siteTypes: codesOf(SITE_TYPES),
    audience: {},
    duplicate: { ...ENERGY_DUPLICATE_TITLES, overrideButton: 'Solicitar Novo Cadastro' },
    taxId: CHANGE_TAX_ID,
  },
  'agua.nova': {
    flow: 'agua',
    kind: 'nova',
    title: 'Nova Matrícula',
    createButton: 'Cadastrar Nova Matrícula',
    listPath: '/agua/cadastro-uc-nova',
    newPath: '/agua/cadastro-uc-nova/nova',
    editPath: '/agua/cadastro-uc-nova/nova/:id',
    apiBase: 'agua/novas-unidades',
    dateColumn: 'Previsão Ativação',
    labels: WATER_LABELS,
    creators: NEW_UNIT_CREATORS,
    // Spec part 2 §2.12: no voltage type, and a smaller cell block.
    fields: [
      ...REQUESTER_FIELDS.filter((f) => f !== 'id_tensao'),
      ...CELL_TRACKING_FIELDS,
      'tipo_de_pagamento',
      'classe_tarifaria',
      'subclasse_tarifaria',
      'centro_custo',
      'conta_contabil',
      'unidade_nova',
      'data_ligacao',
      'observacao',
    ],
    files: ['complementar', 'complementar_tower'],
    requiredFields: BASE_REQUIRED.filter((f) => f !== 'id_tensao'),
    requiredFiles: [],
    siteTypes: WATER_SITE_TYPE_CODES,
    audience: {},
    duplicate: {
      workflowTitle: 'Matrícula/RGI já Cadastrada no Workflow',
      baseTitle: 'Matrícula/RGI já Cadastrada na Base Xerox/AM Energia',
      overrideButton: 'Cadastrar mesmo assim?',
    },
    taxId: NEW_UNIT_TAX_ID,
  },
  'agua.troca': {
    flow: 'agua',
    kind: 'troca',
    title: 'Troca de Titularidade (Água)',
    createButton: 'Cadastrar Troca de Titularidade (Água)',
    listPath: '/agua/troca-titularidade',
    newPath: '/agua/troca-titularidade/cadastro',
    editPath: '/agua/troca-titularidade/cadastro/:id',
    apiBase: 'agua/unidades',
    dateColumn: 'Previsão de Troca',
    labels: WATER_LABELS,
    creators: ['regional', 'solicitante'],
    // Spec part 2 §2.14: of the cell block only payment type; Unidade Nova is a general field here.
    fields: [...REQUESTER_FIELDS, ...CELL_TRACKING_FIELDS, 'tipo_de_pagamento', 'unidade_nova', 'observacao'],
    files: [...HOLDER_DOCUMENTS, 'complementar', 'complementar_tower'],
    // Spec part 2 §2.14 and its payload have no Tipo do Site: kept on the form, but optional.
    requiredFields: BASE_REQUIRED.filter((f) => f !== 'tipo_site'),
    requiredFiles: HOLDER_DOCUMENTS,
    siteTypes: codesOf(SITE_TYPES),
    audience: { unidade_nova: { except: ['tower'] } },
    duplicate: {
      workflowTitle: 'Matrícula/RGI já Cadastrada no Workflow',
      baseTitle: 'Matrícula/RGI já Cadastrada na Base Xerox/AM Energia',
      overrideButton: 'Solicitar Novo Cadastro',
    },
    taxId: CHANGE_TAX_ID,
  },
};

export const requestForm = (flow: Flow, kind: Kind): RequestForm => REQUEST_FORMS[flowKey(flow, kind)];

/** The regularization screens' one name per flow, like the request forms' `title`. */
export const REGULARIZATION_TITLES: Record<Flow, string> = {
  energia: 'Regularização CNPJ/Razão Social',
  agua: 'Regularização CNPJ/Razão Social (Água)',
};

/** A field's name as this form shows it. */
export const formFieldLabel = (form: RequestForm, field: string): string =>
  form.labels[field as RequestField] ?? fieldLabel(field);

export const editPathFor = (form: RequestForm, id: number | string): string =>
  form.editPath.replace(':id', String(id));

export const mayCreate = (form: RequestForm, papel: RoleKind): boolean => form.creators.includes(papel);

/** The two checks of spec part 1 §5: the unit, and the address id. */
export type DuplicateKey = 'unidade' | 'endereco_id';

/**
 * The duplicate modal's title: the form's own for the unit (spec part 1 §5, part 2 §5); for the
 * address id the same words about the Endereço ID, so the user knows which field matched.
 */
export function duplicateTitle(form: RequestForm, key: DuplicateKey, inWorkflow: boolean): string {
  if (key === 'unidade') return inWorkflow ? form.duplicate.workflowTitle : form.duplicate.baseTitle;
  const label = formFieldLabel(form, 'endereco_id');
  return inWorkflow
    ? `${label} já Cadastrado no Workflow`
    : `${label} já Cadastrado na Base Xerox/AM Energia`;
}
