import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  importCall,
  importRunsCall,
  previewCall,
  rejectedRowsCall,
} from '@portal/domain/contracts/calls/reconciliation';
import { badRequest, notFound, tooLarge } from '../../http/errors.ts';
import { MAX_IMPORT_BYTES, MAX_PREVIEW_BYTES } from '../../http/limits.ts';
import { multipartProblem } from '../../http/multipart-save-body.ts';
import { route } from '../../http/route.ts';
import { sendStoredFile } from '../../http/stored-file-reply.ts';
import { uploadedFileName } from '../../http/uploaded-file-name.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { WrittenFile } from '../../storage/file-storage.ts';
import type { ImportTaskData } from './import-task.ts';
import { checkHeader, previewFile } from './preview-file.ts';
import { concat, HEAD_BYTES, peek } from './read-table.ts';
import { IMPORT_BASE, listRuns, queueRun, readRun, toRunRow } from './repo.ts';

/** The one file part of an upload, or a Portuguese 4xx for a body that is not one. */
async function uploadedFile(request: FastifyRequest, maxBytes: number) {
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch((err: unknown) => {
    throw multipartProblem(err);
  });
  if (!file) throw badRequest(MISSING_FILE, 'arquivo');
  const fileTooLarge = () =>
    tooLarge(`O arquivo passa de ${Math.round(maxBytes / 1024 / 1024)} MB.`, 'arquivo');
  const chunks = (async function* () {
    try {
      for await (const chunk of file.file) yield chunk as Buffer;
      // Past the limit the parser ends the part early and only says so here: what came is not the file.
      if (file.file.truncated) throw fileTooLarge();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
      throw multipartProblem(err);
    }
  })();
  // A reader that stops early (a preview, a refusal) does not end the part: until the part is read
  // to its end the request does not end, and a client still sending does not read the answer.
  const bytes: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => ({ next: () => chunks.next() }) };
  /** Reads what is left of the part and drops it. */
  const drain = async () => {
    try {
      while (!(await chunks.next()).done);
    } catch {
      // The part was refused already (too large, cut off): there is nothing left to read.
    }
  };
  if (file.fieldname !== 'arquivo') {
    await drain();
    throw badRequest(MISSING_FILE, 'arquivo');
  }
  return { name: uploadedFileName(file.filename, 'base'), bytes, drain };
}

const MISSING_FILE = 'Envie o arquivo da base na parte "arquivo".';
export const QUEUED = 'Arquivo recebido. A importação está na fila: acompanhe o andamento na lista abaixo.';

/**
 * /conciliacao-da-base (issue 11): the provider operator and the célula send the provider's base
 * export; the server keeps it and answers at once, the job queue applies it (import-task.ts), and
 * every run is kept with its rejected rows.
 */
export const conciliacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, previewCall, async (request) => {
    const file = await uploadedFile(request, MAX_PREVIEW_BYTES);
    try {
      return { error: 0 as const, dados: await previewFile(app.db, request.query.fluxo, file.bytes) };
    } finally {
      await file.drain();
    }
  });

  route(app, importCall, async (request) => {
    const file = await uploadedFile(request, MAX_IMPORT_BYTES);
    let stored: WrittenFile;
    try {
      // The header is judged before anything is kept: a file no export resembles is refused at once.
      const { head, rest } = await peek(file.bytes, HEAD_BYTES);
      await checkHeader(head, head.length < HEAD_BYTES);
      stored = await app.storage.write(Readable.from(concat(head, rest)));
    } finally {
      await file.drain();
    }
    try {
      const run = await app.db.transaction(async (tx) => {
        const id = await queueRun(tx, {
          fluxo: request.query.fluxo,
          idUsuario: request.user.id,
          nomeArquivo: file.name,
          arquivoKey: stored.key,
        });
        await enqueue(tx, IMPORT_BASE, { importacao: id, ip: request.ip } satisfies ImportTaskData);
        return (await readRun(tx, id))!;
      });
      app.queue.wake();
      return { error: 0 as const, msg: QUEUED, dados: toRunRow(run) };
    } catch (err) {
      await app.storage.remove(stored.key).catch(() => undefined);
      throw err;
    }
  });

  route(app, importRunsCall, async (request) => ({
    error: 0 as const,
    ...(await listRuns(app.db, request.body)),
  }));

  route(app, rejectedRowsCall, async (request, reply) => {
    const run = await readRun(app.db, request.params.id);
    if (!run?.rejeitadasKey) throw notFound('Esta importação não tem linhas rejeitadas.');
    return sendStoredFile(reply, app.storage, {
      nome: `linhas-rejeitadas-importacao-${run.id}.csv`,
      storageKey: run.rejeitadasKey,
      contentType: 'text/csv; charset=utf-8',
    });
  });
};
