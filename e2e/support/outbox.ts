import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link. */
const quotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const base64Parts = (text: string) =>
  [...text.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );

/**
 * Waits for the newest message to `to` written to DATA_DIR/outbox after `since`,
 * and returns the path of the password-reset link it carries.
 */
export async function waitForResetPath(
  dataDir: string,
  to: string,
  since: number,
  timeoutMs = 15_000,
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(outbox).catch(() => [] as string[]);
    const files = await Promise.all(
      names
        .filter((n) => n.endsWith('.eml'))
        .map(async (n) => ({
          file: path.join(outbox, n),
          mtime: (await stat(path.join(outbox, n))).mtimeMs,
        })),
    );
    for (const { file } of files.filter((f) => f.mtime >= since).sort((a, b) => b.mtime - a.mtime)) {
      const raw = await readFile(file, 'utf8');
      if (!new RegExp(`^To:.*${to.replace(/[.]/g, '\\.')}`, 'mi').test(raw)) continue;
      // Decoded first: a raw quoted-printable body cuts long links with soft line breaks.
      for (const text of [quotedPrintable(raw), ...base64Parts(raw)]) {
        const link = /\/recuperar-senha\/([A-Za-z0-9_-]+)/.exec(text);
        if (link) return link[0];
      }
      throw new Error(`A mensagem ${file} não contém um link /recuperar-senha/<hash>`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Nenhuma mensagem para ${to} em ${outbox}`);
}
