/**
 * Attachment rules (spec part 1 §5, part 2 §5). The type is judged by the file's first bytes
 * and must agree with its extension: a renamed file is refused, whatever its name says.
 */
export const MAX_FILE_BYTES = 15_000_000;
/** How many leading bytes the caller must pass to checkFile. */
export const FILE_HEAD_BYTES = 8;

export const FILE_TYPE_INVALID = 'Extensão de arquivo inválida';
export const FILE_SIZE_INVALID = 'Tamanho Inválido';

export type FileType = 'pdf' | 'jpeg' | 'png' | 'doc' | 'docx' | 'msg';
/** Request forms take documents and photos; regularization also Word files and Outlook messages. */
export type FileForm = 'solicitacao' | 'regularizacao';

export const FILE_TYPES_BY_FORM: Record<FileForm, readonly FileType[]> = {
  solicitacao: ['pdf', 'jpeg', 'png'],
  regularizacao: ['pdf', 'jpeg', 'png', 'doc', 'docx', 'msg'],
};

const EXTENSIONS: Record<FileType, readonly string[]> = {
  pdf: ['pdf'],
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  doc: ['doc'],
  docx: ['docx'],
  msg: ['msg'],
};

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Signatures per type; doc and msg are both OLE compound files, docx is a zip package. */
const SIGNATURES: Record<FileType, readonly number[]> = {
  pdf: [0x25, 0x50, 0x44, 0x46], // %PDF
  jpeg: [0xff, 0xd8, 0xff],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  doc: OLE,
  docx: ZIP,
  msg: OLE,
};

/** The Content-Type each accepted kind is served with: decided by the server, never by the client. */
export const FILE_CONTENT_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  msg: 'application/vnd.ms-outlook',
};

const startsWith = (head: Uint8Array, signature: readonly number[]): boolean =>
  head.length >= signature.length && signature.every((byte, i) => head[i] === byte);

const extensionOf = (filename: string): string => filename.toLowerCase().split('.').pop() ?? '';

/** The accept attribute for a file input of this form. */
export const acceptAttribute = (form: FileForm): string =>
  FILE_TYPES_BY_FORM[form].flatMap((t) => EXTENSIONS[t].map((e) => `.${e}`)).join(',');

/** The type a file's extension names, whatever its content. */
export const fileTypeByName = (filename: string): FileType | undefined => {
  const ext = extensionOf(filename);
  return (Object.keys(EXTENSIONS) as FileType[]).find((t) => EXTENSIONS[t].includes(ext));
};

/** The type a file is, when its extension and its content agree on one; otherwise null. */
export function detectFileType(filename: string, head: Uint8Array): FileType | null {
  const byName = fileTypeByName(filename);
  return byName && startsWith(head, SIGNATURES[byName]) ? byName : null;
}

export interface FileCandidate {
  name: string;
  size: number;
  /** At least the first FILE_HEAD_BYTES bytes. */
  head: Uint8Array;
}

/** The dialog message for an unacceptable file, or null when the file may be attached. */
export function fileProblem(form: FileForm, file: FileCandidate): string | null {
  const type = detectFileType(file.name, file.head);
  if (!type || !FILE_TYPES_BY_FORM[form].includes(type)) return FILE_TYPE_INVALID;
  if (file.size > MAX_FILE_BYTES) return FILE_SIZE_INVALID;
  return null;
}
