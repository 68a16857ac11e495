import { describe, expect, it } from 'vitest';
import { shownRange } from './columns.ts';

describe("the list's footer (part 1 §7; issue 15, a text search's capped total)", () => {
  it("says 'Mostrando X para Y de Z registros' with the exact total", () => {
    expect(shownRange(3, 10, 10, 1234, false)).toBe('Mostrando 21 para 30 de 1234 registros');
    expect(shownRange(1, 10, 0, 0, false)).toBe('Mostrando 0 para 0 de 0 registros');
  });

  it("says 'de mais de' when the search's total stopped counting at its limit", () => {
    expect(shownRange(1, 10, 10, 1000, true)).toBe('Mostrando 1 para 10 de mais de 1.000 registros');
  });
});
