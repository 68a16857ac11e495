import { describe, expect, it } from 'vitest';
import { REGIONALS, regionalServesUf } from './regionals.ts';
import { UF_CODES } from './ufs.ts';

describe('a regional serves the UFs it keeps (issue 30)', () => {
  it('the seven seeded regionals cover each of the 27 UFs exactly once', () => {
    const served = REGIONALS.flatMap((r) => r.ufs);
    expect([...served].sort()).toEqual([...UF_CODES].sort());
  });

  it('TSP serves SP and not RJ; TRJ serves RJ and ES', () => {
    const bySigla = (sigla: string) => REGIONALS.find((r) => r.sigla === sigla)!;
    expect(regionalServesUf(bySigla('TSP'), 'SP')).toBe(true);
    expect(regionalServesUf(bySigla('TSP'), 'RJ')).toBe(false);
    expect(regionalServesUf(bySigla('TRJ'), 'rj')).toBe(true);
    expect(regionalServesUf(bySigla('TRJ'), 'ES')).toBe(true);
  });

  it('a regional with no UFs serves none', () => {
    expect(UF_CODES.some((uf) => regionalServesUf({ ufs: [] }, uf))).toBe(false);
  });
});
