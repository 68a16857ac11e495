import { describe, expect, it } from 'vitest';
import { typingPhone } from './PhoneInput.tsx';

describe('the phone field while typing', () => {
  it('punctuates each digit as it comes: landline up to ten digits, mobile at the eleventh', () => {
    const shown = [...'19988887777'].map((_, i, all) => typingPhone(all.slice(0, i + 1).join('')));
    expect(shown).toEqual([
      '(1',
      '(19',
      '(19) 9',
      '(19) 98',
      '(19) 988',
      '(19) 9888',
      '(19) 9888-8',
      '(19) 9888-87',
      '(19) 9888-877',
      '(19) 9888-8777',
      '(19) 98888-7777',
    ]);
  });

  it('takes a pasted number in any punctuation, drops letters and stops at eleven digits', () => {
    expect(typingPhone('19 3333-4444')).toBe('(19) 3333-4444');
    expect(typingPhone('+(19) 98888 7777 12')).toBe('(19) 98888-7777');
    expect(typingPhone('abc')).toBe('');
  });

  it('a deleted hyphen or parenthesis takes its digit along, so the field can be emptied', () => {
    expect(typingPhone('(19) 9988-')).toBe('(19) 9988');
    expect(typingPhone('(')).toBe('');
  });
});
