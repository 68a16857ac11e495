import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIdentifier, normalizeIdentifier } from './identifier.ts';

/** Identifiers as concessionaires print them: letters, digits and the separators - . / and space. */
const identifier = fc
  .array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-./'), { minLength: 1, maxLength: 20 })
  .map((chars) => chars.join(''));

const fullwidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
const COMBINING = ['\u0301', '\u0303', '\u0327', '\u0308', '\u20DD'];
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u200E'];

/** The identifier with a character of `extra` after each of the chosen positions. */
const sprinkled = (extra: string[]) =>
  identifier.chain((id) =>
    fc.array(fc.tuple(fc.nat(id.length - 1), fc.constantFrom(...extra)), { maxLength: 5 }).map((inserts) => {
      const chars = [...id];
      for (const [at, c] of inserts) chars[at] += c;
      return { id, typed: chars.join('') };
    }),
  );

describe('an identifier is compared in one spelling (GUIDE §7)', () => {
  it('an identifier as concessionaires print it is its own spelling', () => {
    fc.assert(fc.property(identifier, (id) => normalizeIdentifier(id) === id && isIdentifier(id)));
  });

  it('lower case is the same identifier', () => {
    fc.assert(fc.property(identifier, (id) => normalizeIdentifier(id.toLowerCase()) === id));
  });

  it('fullwidth letters, digits and separators are the same identifier', () => {
    fc.assert(fc.property(identifier, (id) => normalizeIdentifier(fullwidth(id)) === id));
    expect(normalizeIdentifier('ＵＣ０１２')).toBe('UC012');
  });

  it('combining marks (accents and the like) are dropped', () => {
    fc.assert(fc.property(sprinkled(COMBINING), ({ id, typed }) => normalizeIdentifier(typed) === id));
    expect(normalizeIdentifier('rua são 9')).toBe('RUA SAO 9');
    expect(normalizeIdentifier('UC0\u030112')).toBe('UC012');
  });

  it('zero-width and other invisible characters are dropped', () => {
    fc.assert(fc.property(sprinkled(INVISIBLE), ({ id, typed }) => normalizeIdentifier(typed) === id));
  });

  it('other compatibility forms fold to ASCII: mathematical digits, ligatures, circled digits, no-break spaces', () => {
    expect(normalizeIdentifier('UC\u{1D7CE}\u{1D7CF}')).toBe('UC01');
    expect(normalizeIdentifier('ﬀ①')).toBe('FF1');
    expect(normalizeIdentifier(' lote\u00A0\u2003 14 ')).toBe('LOTE 14');
  });

  it('normalising twice changes nothing', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }),
        (s) => normalizeIdentifier(normalizeIdentifier(s)) === normalizeIdentifier(s),
      ),
    );
  });
});

describe('an identifier holds only what a concessionaire id has', () => {
  it.each([
    ['Arabic-Indic digits', 'UC\u0660\u0661\u0662'],
    ['Devanagari digits', '\u0967\u0968'],
    ['a Cyrillic А', '\u0410C1'],
    ['a Greek Χ', 'U\u03A71'],
    ['punctuation other than - . /', 'UC#1'],
    ['an underscore', 'UC_1'],
    ['a NUL byte', 'UC\u00001'],
  ])('%s are refused', (_how, typed) => {
    expect(isIdentifier(normalizeIdentifier(typed))).toBe(false);
  });
});
