import type { FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { FILE_SIZE_INVALID, fileProblem, MAX_FILE_BYTES, type FileForm } from '@portal/domain';
import { StorageUnavailableError, type FileStorage } from '../storage/file-storage.ts';
import { AppError, badRequest, tooLarge, unprocessable } from './errors.ts';
import { MULTIPART_LIMITS } from './limits.ts';
import { uploadedFileName } from './uploaded-file-name.ts';

export interface UploadedFile {
  /** The attachment slot (form field name): fatura, comprovante_pagamento… */
  slot: string;
  filename: string;
  /** Where the bytes were streamed to; removed again unless the save commits. */
  key: string;
  size: number;
  /** The first bytes, for judging the type by content. */
  head: Buffer;
}

export interface SaveBody {
  dados: Record<string, unknown>;
  files: UploadedFile[];
}

/** The anexos.mime column's width; no real content type comes near it. */
const MIME_MAX = 100;

const MALFORMED = 'O envio chegou incompleto ou malformado. Tente novamente.';

/** Removes the files of a save that did not happen; a file already gone is no failure. */
export const discardFiles = (storage: FileStorage, files: readonly UploadedFile[]) =>
  Promise.all(files.map((f) => storage.remove(f.key).catch(() => undefined)));

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The client's fault or the server's: the multipart parser's errors (no boundary, a body cut
 * short, too many parts) become a Portuguese 4xx; a system error of the disk (ENOSPC…) or an
 * unreachable object store passes on to the error handler as it is.
 */
export function multipartProblem(err: unknown): unknown {
  if (err instanceof AppError || err instanceof StorageUnavailableError) return err;
  const { code, syscall } = (err ?? {}) as { code?: unknown; syscall?: unknown };
  if (syscall !== undefined) return err;
  if (code === 'FST_INVALID_JSON_FIELD_ERROR')
    return badRequest('A parte "dados" não é um JSON válido.', 'dados');
  if (code === 'FST_FILES_LIMIT')
    return tooLarge(`Envie no máximo ${MULTIPART_LIMITS.files} arquivos por vez.`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return tooLarge('A requisição tem partes demais.');
  return badRequest(MALFORMED);
}

/**
 * Whether a text part (or the JSON it was parsed into) holds U+FFFD: the multipart parser decodes
 * bytes that are not UTF-8 into it, and nobody types it (issue 30). The part is refused instead of
 * saving a character the user never wrote.
 */
const decodedBadly = (value: unknown): boolean =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).includes('\uFFFD');

function parseDados(value: unknown): Record<string, unknown> {
  // A part sent as application/json arrives parsed; a plain text part is parsed here.
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = secureJson.parse(value, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      throw badRequest('A parte "dados" não é um JSON válido.', 'dados');
    }
  }
  if (!isObject(parsed)) throw badRequest('A parte "dados" não é um JSON válido.', 'dados');
  return parsed;
}

/** What a save body is read with: where files go, and how the form names a file field. */
export interface SaveBodyDeps {
  storage: FileStorage;
  fieldLabel: (field: string) => string;
}

async function readMultipart(
  request: FastifyRequest,
  deps: SaveBodyDeps,
  files: UploadedFile[],
): Promise<SaveBody> {
  const { storage } = deps;
  let dados: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES } })) {
    if (part.type === 'file') {
      const label = deps.fieldLabel(part.fieldname);
      if (part.mimetype.length > MIME_MAX) {
        part.file.resume();
        throw badRequest(`O tipo de conteúdo do arquivo ${label} é inválido.`, part.fieldname);
      }
      const written = await storage.write(part.file);
      files.push({ slot: part.fieldname, filename: uploadedFileName(part.filename, ''), ...written });
      // The parser stops at the limit and ends the stream; what was written is not the file.
      // Over its size is too large (413), as every upload over its limit (the error catalogue).
      if (part.file.truncated) throw tooLarge(FILE_SIZE_INVALID, part.fieldname);
      if (written.size === 0) await discardFiles(storage, files.splice(-1));
    } else {
      if (decodedBadly(part.value))
        throw badRequest(`A parte "${part.fieldname}" não está em UTF-8 válido.`, part.fieldname);
      if (part.fieldname === 'dados') dados = parseDados(part.value);
      else fields[part.fieldname] = part.value;
    }
  }
  return { dados: { ...fields, ...dados }, files };
}

/**
 * A save arrives as JSON, or as multipart with file parts and a JSON part `dados` (spec part 1 §7,
 * part 2 §7). Who may call was decided before the body, in onRequest. Each file is streamed to storage as it
 * arrives, at most 15,000,000 bytes, never held whole in memory; if the body fails half way,
 * whatever was written is removed. The caller owns the files afterwards (saveRequest removes
 * them unless the save commits).
 */
export async function parseSaveBody(request: FastifyRequest, deps: SaveBodyDeps): Promise<SaveBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (!isObject(body)) throw badRequest('Envie os dados do formulário.');
    return { dados: body, files: [] };
  }
  const files: UploadedFile[] = [];
  try {
    return await readMultipart(request, deps, files);
  } catch (err) {
    await discardFiles(deps.storage, files);
    throw multipartProblem(err);
  }
}

/** The file slots of a form and how its screen names them. */
export interface UploadSlots<S extends string> {
  slots: readonly S[];
  /** Which file types the form accepts (validators/files.ts). */
  fileForm: FileForm;
  fieldLabel: (field: string) => string;
}

/** Every file goes to a slot of this form, once, with a name and content that agree. */
export function checkUploads<S extends string>(
  files: UploadedFile[],
  form: UploadSlots<S>,
): asserts files is (UploadedFile & { slot: S })[] {
  const seen = new Set<string>();
  for (const file of files) {
    const label = form.fieldLabel(file.slot);
    if (!(form.slots as readonly string[]).includes(file.slot)) {
      throw unprocessable(`O arquivo ${label} não pertence a este formulário.`, file.slot);
    }
    // Two parts for one slot: which one the user meant to keep is unknowable.
    if (seen.has(file.slot))
      throw unprocessable(`O arquivo ${label} foi enviado mais de uma vez.`, file.slot);
    seen.add(file.slot);
    const problem = fileProblem(form.fileForm, { name: file.filename, size: file.size, head: file.head });
    if (problem === FILE_SIZE_INVALID) throw tooLarge(`${problem}: ${label}.`, file.slot);
    if (problem) throw unprocessable(`${problem}: ${label}.`, file.slot);
  }
}
