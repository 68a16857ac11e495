// Apart from the writer, so the schema can type its column without importing what imports it.

/** Every action the audit log records; the /logs screen reads them back by these names. */
export const AUDIT_ACTIONS = [
  'login',
  'trocar-senha',
  'recuperar-senha',
  'redefinir-senha',
  'enviar-redefinicao-senha',
  'criar',
  'editar',
  'desativar',
  'apagar',
  'criar-solicitacao',
  'editar-solicitacao',
  'apagar-solicitacao',
  'apagar-arquivo',
  'importar-base',
  'confirmar-na-base',
  'pre-validar',
  'validar-final',
  'acompanhar',
  'reexecutar-tarefa',
  'descartar-tarefa',
  'normalizar-identificador',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
