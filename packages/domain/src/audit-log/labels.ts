import type { Option } from '../catalogs/options.ts';

/**
 * The audit log's actions and entities as /logs names them. The codes are what the server writes
 * (apps/server/src/audit/audit.ts AUDIT_ACTIONS; a server test keeps both lists equal).
 */
export const AUDIT_ACTION_LABELS = {
  login: 'Entrada no portal',
  'trocar-senha': 'Troca de senha',
  'recuperar-senha': 'Pedido de recuperação de senha',
  'redefinir-senha': 'Redefinição de senha',
  'enviar-redefinicao-senha': 'Envio de e-mail de redefinição de senha',
  criar: 'Cadastro',
  editar: 'Edição',
  desativar: 'Desativação',
  apagar: 'Exclusão',
  'criar-solicitacao': 'Nova solicitação',
  'editar-solicitacao': 'Edição de solicitação',
  'apagar-solicitacao': 'Exclusão de solicitação',
  'apagar-arquivo': 'Exclusão de anexo',
  'importar-base': 'Importação da base do provedor',
  'confirmar-na-base': 'Confirmação na base',
  'pre-validar': 'Pré-validação',
  'validar-final': 'Validação final',
  acompanhar: 'Acompanhamento',
  'reexecutar-tarefa': 'Nova execução de tarefa da fila',
  'descartar-tarefa': 'Descarte de tarefa da fila',
  // Written by migration 0015 only, for each value it could not normalise (issue 30).
  'normalizar-identificador': 'Identificador mantido sem normalizar',
} as const satisfies Record<string, string>;

export type AuditActionCode = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTION_LABELS) as [AuditActionCode, ...AuditActionCode[]];

export const isAuditActionCode = (acao: string): acao is AuditActionCode =>
  Object.hasOwn(AUDIT_ACTION_LABELS, acao);

/** An action's name; a code written by a newer version than this one shows as written. */
export const auditActionLabel = (acao: string): string =>
  isAuditActionCode(acao) ? AUDIT_ACTION_LABELS[acao] : acao;

export const AUDIT_ACTION_OPTIONS: readonly Option<AuditActionCode>[] = AUDIT_ACTION_CODES.map((code) => ({
  code,
  label: AUDIT_ACTION_LABELS[code],
}));

/** What each `entidade` the server writes is, for the user. */
const ENTITY_LABELS: Readonly<Record<string, string>> = {
  usuario: 'Usuário',
  grupo: 'Grupo de Acesso',
  regional: 'Regional',
  empresa: 'Empresa (Energia)',
  empresa_agua: 'Empresa (Água)',
  concessionaria: 'Concessionária',
  status_rotulo: 'Rótulo de Status',
  'de-para': 'De-Para',
  importacoes_base: 'Importação da Base do Provedor',
  'solicitacao.energia.nova': 'Solicitação: UC Nova (Energia)',
  'solicitacao.energia.troca': 'Solicitação: Troca de Titularidade (Energia)',
  'solicitacao.agua.nova': 'Solicitação: Nova Matrícula (Água)',
  'solicitacao.agua.troca': 'Solicitação: Troca de Titularidade (Água)',
  'regularizacao.energia': 'Regularização de CNPJ (Energia)',
  'regularizacao.agua': 'Regularização de CNPJ (Água)',
  tarefa: 'Tarefa da fila',
  base_provedor: 'Base do Provedor',
};

export const AUDIT_ENTITY_CODES = Object.keys(ENTITY_LABELS);

export const auditEntityLabel = (entidade: string): string =>
  Object.hasOwn(ENTITY_LABELS, entidade) ? ENTITY_LABELS[entidade]! : entidade;
