import { describe, expect, it } from 'vitest';
import {
  isPrefixSearch,
  SEARCH_BAD_CHARACTERS,
  SEARCH_MAX_LENGTH,
  SEARCH_NO_LETTERS,
  SEARCH_TOO_LONG,
  searchableText,
  searchTextProblem,
  searchWords,
} from './text.ts';

// The search box's text (issue 34): one rule for the top bar, the lists and the reports.
describe('searchTextProblem: what a search box refuses, in Portuguese', () => {
  it('only punctuation is refused: it would match everything or nothing', () => {
    for (const q of ['...', '-/-', ' . , ; ', '%_%']) expect(searchTextProblem(q), q).toBe(SEARCH_NO_LETTERS);
  });

  it(`over ${SEARCH_MAX_LENGTH} characters is refused, exactly ${SEARCH_MAX_LENGTH} is not`, () => {
    expect(searchTextProblem('a'.repeat(SEARCH_MAX_LENGTH + 1))).toBe(SEARCH_TOO_LONG);
    expect(searchTextProblem('a'.repeat(SEARCH_MAX_LENGTH))).toBeNull();
  });

  it('a NUL or a lone surrogate is refused', () => {
    expect(searchTextProblem('abc\u0000')).toBe(SEARCH_BAD_CHARACTERS);
    expect(searchTextProblem('abc\uD800')).toBe(SEARCH_BAD_CHARACTERS);
    expect(searchTextProblem('abc\uDC00')).toBe(SEARCH_BAD_CHARACTERS);
    expect(searchTextProblem('abc😀')).toBeNull();
  });

  it('an empty text is no search, and letters or digits anywhere make one', () => {
    expect(searchTextProblem('')).toBeNull();
    expect(searchTextProblem('   ')).toBeNull();
    expect(searchTextProblem('31.447.205')).toBeNull();
    expect(searchTextProblem('Vergueiro')).toBeNull();
    expect(searchTextProblem('ç')).toBeNull();
  });
});

describe('searchWords: the words every one of which must be found', () => {
  it('a masked number is also looked up bare', () => {
    expect(searchWords('31.447.205')).toEqual([{ text: '31.447.205', bare: '31447205' }]);
    expect(searchWords('01310-100')).toEqual([{ text: '01310-100', bare: '01310100' }]);
    expect(searchWords('31447205')).toEqual([{ text: '31447205', bare: null }]);
  });

  it('a word with no digit keeps its separators, and is compared without its accents', () => {
    expect(searchWords('São-Paulo')).toEqual([{ text: 'Sao-Paulo', bare: null }]);
  });

  it('words under three characters narrow nothing, and repeats count once', () => {
    expect(searchWords('Rua 12 Rua')).toEqual([{ text: 'Rua', bare: null }]);
  });

  it('a text with no word of three characters is a prefix search of the ids', () => {
    expect(isPrefixSearch('12')).toBe(true);
    expect(isPrefixSearch('ab cd')).toBe(true);
    expect(isPrefixSearch('abc')).toBe(false);
  });
});

describe('searchableText: the text as the database compares it', () => {
  it('fullwidth digits fold to digits, combining marks and invisible characters go', () => {
    expect(searchableText('３１４４７')).toBe('31447');
    expect(searchableText('Sa\u0303o')).toBe('Sao');
    expect(searchableText('Ver\u200Bgueiro')).toBe('Vergueiro');
  });

  it('a Cyrillic look-alike stays what it is', () => {
    expect(searchableText('Аbc')).not.toBe('Abc');
  });
});
