import type { FastifyRequest } from 'fastify';
import { FILE_SIZE_INVALID, MAX_FILE_BYTES } from '@portal/domain';
import { badRequest, unprocessable } from '../../http/errors.ts';

export interface UploadedFile {
  /** The attachment slot (form field name): fatura, comprovante_pagamento… */
  slot: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface SaveBody {
  dados: Record<string, unknown>;
  files: UploadedFile[];
}

/**
 * A save arrives as JSON, or as multipart with file parts and a JSON part `dados` (spec part 1 §7).
 * Files are read into memory (at most 15 MB each, five per request) so that nothing is stored
 * before the whole request has been judged.
 */
export async function parseSaveBody(request: FastifyRequest): Promise<SaveBody> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest('Envie os dados da solicitação.');
    return { dados: body as Record<string, unknown>, files: [] };
  }
  let dados: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw unprocessable(FILE_SIZE_INVALID, part.fieldname);
        throw err;
      });
      if (data.length > 0)
        files.push({ slot: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
    } else if (part.fieldname === 'dados') {
      try {
        dados = JSON.parse(String(part.value)) as Record<string, unknown>;
      } catch {
        throw badRequest('A parte "dados" não é um JSON válido.', 'dados');
      }
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { dados: { ...fields, ...dados }, files };
}
