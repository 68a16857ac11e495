import {
  requestForm,
  requestPolicy,
  type Flow,
  type RequestForm,
  type Kind,
  type RequestStatus,
  type RoleKind,
  type SessionUser,
} from '@portal/domain';
import type { UseFormReturnType } from '@mantine/form';
import type { RequestRecord } from '../features/requests/api.ts';
import type { FormValues } from '../features/requests/formModel.ts';
import type { FieldContext } from '../features/requests/RequestFieldInput.tsx';

/** A signed-in user of a role kind; profile 4 (Cadastro de UC) unless a test says otherwise. */
export const userOf = (papel: RoleKind, perfil = 4): SessionUser => ({
  id: 1,
  name: 'Ana Souza',
  email: 'ana@example.com',
  telefone: null,
  cnpj: null,
  empresa: null,
  razao_social: null,
  grupo: 1,
  grupo_nome: papel,
  papel,
  permissoes: { cadastro: true, cnpjs: true, relatorios: true, empresas: false, usuarios: false },
  perfil,
  trocar_senha: 0,
  id_regional: null,
  regionais: [],
});

/** A stored request as `{form}/list {id}` answers it, with no field filled unless given. */
export const recordOf = (flow: Flow, kind: Kind, overrides: Partial<RequestRecord> = {}): RequestRecord => ({
  id: 7,
  fluxo: flow,
  tipo: kind,
  status: 0,
  version: 3,
  data_pedido: '2024-05-02T13:00:00.000Z',
  cnpj_tim: null,
  nome: 'Ana Souza',
  email: 'ana@example.com',
  telefone: null,
  id_empresa: null,
  razao_social: null,
  cnpj_empresa: null,
  autor_pode_corrigir: false,
  motivo_recusa: null,
  anexos: [],
  ...overrides,
});

/**
 * The form and the domain's policy for one user on one request (status null while creating),
 * with the status selector on `chosenStatus` when given.
 */
export function policyCase(
  flow: Flow,
  kind: Kind,
  user: SessionUser,
  currentStatus: RequestStatus | null,
  chosenStatus?: RequestStatus,
) {
  return {
    form: requestForm(flow, kind),
    policy: requestPolicy({ actor: user, flow, kind, currentStatus, chosenStatus }),
  };
}

/** What the request form hands its fields, with every lookup empty and every callback inert. */
export const idleFieldContext = (form: RequestForm, editor: UseFormReturnType<FormValues>): FieldContext => ({
  form,
  editor,
  cities: [],
  citiesLoading: false,
  concessionaires: [],
  regionals: [],
  onUfChange: () => {},
  onCepBlur: () => {},
  cepNotice: null,
  onTaxIdBlur: () => {},
  onDuplicateCheck: () => {},
});
