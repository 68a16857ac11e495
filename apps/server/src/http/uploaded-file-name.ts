import { cleanTypedText } from '@portal/domain';

/** The longest file name kept (the column's size). */
const MAX_FILE_NAME = 255;

/**
 * The name a client gave its uploaded file, as the portal keeps and shows it: typed text only
 * (control characters such as NUL, which the database refuses, and lone surrogates are dropped)
 * and at most 255 characters, the extension kept and the name cut between characters.
 */
export function uploadedFileName(raw: string, fallback: string): string {
  const name = Array.from(cleanTypedText(raw.replace(/\p{Cc}|[\ud800-\udfff]/gu, '')));
  if (name.length <= MAX_FILE_NAME) return name.join('') || fallback;
  const extension = /\.[^.]{1,10}$/u.exec(name.join(''))?.[0] ?? '';
  return (
    name
      .slice(0, MAX_FILE_NAME - extension.length)
      .join('')
      .trimEnd() + extension
  );
}
