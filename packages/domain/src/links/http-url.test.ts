import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './http-url.ts';

describe('links built from data are http(s) only', () => {
  it.each([
    'https://fatura.exemplo.com.br/2026/11/uc-123.pdf',
    'http://exemplo.com',
    'HTTPS://EXEMPLO.COM/Fatura?id=1#p2',
    'https://exemplo.com/fatura%20de%20novembro.pdf',
    'https://x.example/a b"c<d>&e',
  ])('keeps the http(s) address %j as it is', (address) => {
    expect(safeHttpUrl(address)).toBe(address);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'javascript\u0000:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://exemplo.com/fatura.pdf',
    // A browser drops the tab and the leading space before reading the scheme, but the address is
    // refused whole rather than guessed at.
    'ht\ttps://exemplo.com',
    ' https://exemplo.com',
    'https://exemplo.com/\u0000',
    'https://exemplo.com/a\u2028b',
    'https://exemplo.com/\u200bx',
    'https:exemplo.com',
    'https:///exemplo.com',
    'https:\\\\exemplo.com',
    '//exemplo.com',
    '/arquivo/1',
    'exemplo.com',
    'https://',
    '',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });
});
