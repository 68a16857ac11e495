import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits } from './phone.ts';

describe('phone', () => {
  it('keeps digits only', () => {
    expect(phoneDigits('(11) 98765-4321')).toBe('11987654321');
  });

  it('formats a mobile and a landline as the form masks them', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('2133334444')).toBe('(21) 3333-4444');
  });

  it('shows an older value of another length as stored', () => {
    expect(formatPhone('+55 11 98765-4321')).toBe('+55 11 98765-4321');
  });
});

describe('phone: what is not a Brazilian number', () => {
  it('too short or too long to be one is shown as stored', () => {
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone('119123456789')).toBe('119123456789');
  });
});
