/**
 * Any control character (tabs and newlines included), line separator or invisible format
 * character. A browser drops leading controls and spaces and every tab or newline before it reads
 * a link's scheme (WHATWG URL), so ' JaVaScRiPt:' and 'java\tscript:' run script as 'javascript:'
 * does; an address holding one of them is refused whole rather than cleaned into something nobody
 * wrote. A space inside the address is harmless (the scheme must come first) and the browser
 * encodes it.
 */
// eslint-disable-next-line no-control-regex -- these control characters are the point
const UNSAFE_CHARACTER = /[\u0000-\u001F\u007F-\u009F\p{Zl}\p{Zp}\p{Cf}]/u;
/** http:// or https://, whatever the case, first of all, then the first character of a host. */
const HTTP_ADDRESS = /^https?:\/\/[^/\\?#]/i;

/**
 * The address itself when it is an http(s) address that can be a link (an `href`, a spreadsheet
 * hyperlink); null for anything else (javascript:, data:, vbscript:, file:, a relative path…).
 * Every link built from imported or typed data goes through here (GUIDE §7).
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value || UNSAFE_CHARACTER.test(value) || !HTTP_ADDRESS.test(value)) return null;
  return value;
}
