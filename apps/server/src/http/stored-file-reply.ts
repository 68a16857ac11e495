import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { FILE_CONTENT_TYPES, fileTypeByName, type FileType } from '@portal/domain';
import { isMissingFile, StoredFileMissingError, type FileStorage } from '../storage/file-storage.ts';

/** What a browser may show inline; every other accepted type is only downloaded. */
const INLINE: readonly FileType[] = ['pdf', 'jpeg', 'png'];

/**
 * `inline`/`attachment` with the original name (RFC 6266): an ASCII fallback without the accents,
 * and the UTF-8 form, where RFC 8187 allows `'()*` only percent-encoded (encodeURIComponent keeps them).
 */
export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** Downloads never run script, even when opened directly: a sandboxed document with no sources. */
export const DOWNLOAD_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/**
 * The file's bytes once the first of them arrived. A storage that cannot open the file (a store
 * unreachable, a file missing) fails here, before any header, so the client gets the error
 * handler's answer instead of a file's headers over a broken body.
 */
async function opened(source: Readable, key: string): Promise<Readable> {
  const chunks: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const first = await chunks.next().catch((err: unknown) => {
    throw isMissingFile(err) ? new StoredFileMissingError(key) : err;
  });
  async function* rest() {
    try {
      for (let next = first; !next.done; next = await chunks.next()) yield next.value;
    } finally {
      source.destroy();
    }
  }
  return Readable.from(rest(), { objectMode: false });
}

/**
 * Sends a stored file. The served type comes from the file's kind — its name and first bytes were
 * checked to agree on upload — never from what a client declared; `contentType` overrides it for
 * files the server wrote itself (a generated report).
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { nome: string; tamanho?: number; storageKey: string; contentType?: string },
) {
  const body = await opened(storage.read(file.storageKey), file.storageKey);
  const kind = fileTypeByName(file.nome);
  const inline = !file.contentType && kind !== undefined && INLINE.includes(kind);
  if (file.tamanho !== undefined) reply.header('content-length', file.tamanho);
  return reply
    .header(
      'content-type',
      file.contentType ?? (kind ? FILE_CONTENT_TYPES[kind] : 'application/octet-stream'),
    )
    .header('content-disposition', contentDisposition(file.nome, inline))
    .header('content-security-policy', DOWNLOAD_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}
