import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './support.ts';

/**
 * One answer of /logs/list is one picture of the log: while saves keep writing audit rows, the
 * `total` a page states agrees with the rows that page shows ("Mostrando 1 a 12 de 11" never
 * appears). Fewer rows than a page here, so the total must equal the rows shown.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

describe('total and rows of one answer, while the log is being written', () => {
  it('every answer states a total equal to the rows it shows when they fit in one page', async () => {
    const ROWS = 45;
    let done = false;
    const writer = (async () => {
      for (let i = 0; i < ROWS; i++) await h.entry({ entidade: 'corrida', entidadeId: String(i) });
      done = true;
    })();
    const broken: string[] = [];
    for (let reads = 0; reads < 400 && !done; reads++) {
      const json = (await h.list({ entidade: 'corrida', per_page: 50 })).json();
      if (json.dados.length !== json.total)
        broken.push(`shows ${json.dados.length} rows, states total ${json.total}`);
    }
    await writer;
    expect(broken.slice(0, 5), `${broken.length} inconsistent answers`).toEqual([]);
  });
});
