import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportCall,
  exportFileCall,
  exportListCall,
  requestExportCall,
} from '@portal/domain/contracts/calls/exports';
import { route } from '../../http/route.ts';
import { conflict, gone } from '../../http/errors.ts';
import { SHEET_CONTENT_TYPES } from '../../http/sheet-export.ts';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { StoredFileMissingError } from '../../storage/file-storage.ts';
import { registerExportCleanup } from './expire.ts';
import { findOwnExport, isExpired, listOwnExports, requestExport, toExportRow } from './repo.ts';

export const EXPIRED = 'Este arquivo expirou e foi removido. Peça a exportação novamente.';
export const NOT_READY = 'O arquivo ainda não está pronto.';

/**
 * Large exports through the job queue (issue 16): ask for a list's file, follow its progress,
 * download it while it is kept. Each user reads only their own; the list's own rule decides who
 * may ask (exportacoes/sources.ts).
 */
export const exportacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerExportCleanup(app);

  route(app, requestExportCall, async (request) => {
    const row = await requestExport(app.db, request.user, request.body);
    app.queue.wake();
    return { error: 0 as const, dados: toExportRow(row) };
  });

  route(app, exportListCall, async (request) => {
    const now = new Date();
    const rows = await listOwnExports(app.db, request.user.id);
    return { error: 0 as const, dados: rows.map((row) => toExportRow(row, now)) };
  });

  route(app, exportCall, async (request) => ({
    error: 0 as const,
    dados: toExportRow(await findOwnExport(app.db, request.user.id, request.params.id)),
  }));

  route(app, exportFileCall, async (request, reply) => {
    const row = await findOwnExport(app.db, request.user.id, request.params.id);
    if (isExpired(row, new Date())) throw gone(EXPIRED);
    if (row.situacao !== 'pronta' || !row.arquivoKey) throw conflict(NOT_READY);
    // A file gone from the storage (swept a moment ago, a restore without it) is as good as expired.
    return sendStoredFile(reply, app.storage, {
      nome: row.nomeArquivo!,
      tamanho: row.tamanho ?? undefined,
      storageKey: row.arquivoKey,
      contentType: SHEET_CONTENT_TYPES[row.formato],
    }).catch((err: unknown) => {
      if (err instanceof StoredFileMissingError) throw gone(EXPIRED);
      throw err;
    });
  });
};
