import { describe, expect, it } from 'vitest';
import { isAfterToday, todayInBrasilia } from './calendar.ts';

// The users' day is Brasília's, whatever the server's time zone.
describe('the calendar day in Brasília', () => {
  it('late evening UTC is still the same day; past 03:00 UTC the next', () => {
    expect(todayInBrasilia(new Date('2026-03-06T02:59:00Z'))).toBe('2026-03-05');
    expect(todayInBrasilia(new Date('2026-03-06T03:00:00Z'))).toBe('2026-03-06');
  });

  it('a date is after today only from tomorrow on', () => {
    const now = new Date('2026-03-06T01:00:00Z');
    expect(isAfterToday('2026-03-06', now)).toBe(true);
    expect(isAfterToday('2026-03-05', now)).toBe(false);
    expect(isAfterToday('2026-03-04', now)).toBe(false);
  });
});
