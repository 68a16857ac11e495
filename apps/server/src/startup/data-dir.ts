import { mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from './startup-error.ts';

/** Enough to need fresh blocks: a full disk often still accepts an empty file. */
const PROBE_BYTES = 64 * 1024;

/** The operator's line for a file-system fault under DATA_DIR, or undefined when it is not one. */
export function dataDirProblem(err: unknown, dir: string): string | undefined {
  switch ((err as { code?: unknown } | null)?.code) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `DATA_DIR não permite gravação (${dir}): ajuste as permissões ou aponte DATA_DIR para uma pasta gravável.`;
    case 'ENOSPC':
    case 'EDQUOT':
      return `Disco cheio em DATA_DIR (${dir}): libere espaço e inicie o servidor de novo.`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `DATA_DIR não é uma pasta (${dir}): aponte DATA_DIR para uma pasta gravável.`;
    default:
      return undefined;
  }
}

/**
 * DATA_DIR holds the embedded database, the attachments and the mail outbox. A read-only or full
 * one is found now, by writing and removing a probe file, instead of at the first upload.
 */
export async function assertDataDirWritable(dir: string): Promise<void> {
  const probe = path.join(dir, `.teste-de-escrita-${process.pid}`);
  try {
    await mkdir(dir, { recursive: true });
    const file = await open(probe, 'w');
    try {
      await file.write(Buffer.alloc(PROBE_BYTES));
      await file.sync();
    } finally {
      await file.close();
    }
    await unlink(probe);
  } catch (err) {
    await unlink(probe).catch(() => {});
    const problem = dataDirProblem(err, dir);
    if (problem) throw new StartupError(problem);
    throw err;
  }
}
