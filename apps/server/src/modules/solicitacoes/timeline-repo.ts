import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Flow, Kind } from '@portal/domain';
import type { DbOrTx } from '../../db/client.ts';
import { anexos, auditLog, usuarios } from '../../db/schema.ts';
import type { namesOf } from '../logs/repo.ts';
import type { AuditAction } from '../../audit/actions.ts';

/** The audit actions that tell a request's story; the others (delete, login…) never name one. */
export const TIMELINE_ACTIONS = [
  'criar-solicitacao',
  'editar-solicitacao',
  'apagar-arquivo',
  'pre-validar',
  'validar-final',
  'acompanhar',
] as const satisfies readonly AuditAction[];
export type TimelineAction = (typeof TIMELINE_ACTIONS)[number];

export interface AuditRecord {
  acao: TimelineAction;
  antes: unknown;
  depois: unknown;
  em: Date;
  por: string | null;
}

/** The request's audit entries, oldest first, read off audit_log(entidade, entidade_id). */
export function requestAudit(db: DbOrTx, flow: Flow, kind: Kind, id: number): Promise<AuditRecord[]> {
  return db
    .select({
      acao: auditLog.acao,
      antes: auditLog.antes,
      depois: auditLog.depois,
      em: auditLog.createdAt,
      por: usuarios.name,
    })
    .from(auditLog)
    .leftJoin(usuarios, eq(usuarios.id, auditLog.idUsuario))
    .where(
      and(
        eq(auditLog.entidade, `solicitacao.${flow}.${kind}`),
        eq(auditLog.entidadeId, String(id)),
        inArray(auditLog.acao, [...TIMELINE_ACTIONS]),
      ),
    )
    .orderBy(asc(auditLog.id)) as Promise<AuditRecord[]>;
}

/** The request's current files with who sent each and when. */
export const currentAttachments = (db: DbOrTx, idSolicitacao: number) =>
  db
    .select({
      id: anexos.id,
      tipo: anexos.tipo,
      nome: anexos.nomeArquivo,
      tamanho: anexos.tamanho,
      enviadoPor: usuarios.name,
      enviadoEm: anexos.createdAt,
    })
    .from(anexos)
    .leftJoin(usuarios, eq(usuarios.id, anexos.idUsuario))
    .where(eq(anexos.idSolicitacao, idSolicitacao))
    .orderBy(asc(anexos.id));

/** Names of the regionals and concessionaires a field change mentions, by id: the /logs lookup. */
export type ReferenceNames = Awaited<ReturnType<typeof namesOf>>;
