import { describe, expect, it } from 'vitest';
import { groupBySave } from './group.ts';

describe('one event per save on the timeline', () => {
  it('groups consecutive entries of the same instant and author, keeping their order', () => {
    const a = { tipo: 'status' as const, em: '2026-11-02T10:00:00Z', por: 'R', status: 2 };
    const b = {
      tipo: 'campo' as const,
      em: '2026-11-02T10:00:00Z',
      por: 'R',
      campo: 'Site ID',
      antes: 'A',
      depois: 'B',
    };
    const c = { tipo: 'status' as const, em: '2026-11-02T10:00:00Z', por: 'C', status: 4 };
    const d = { tipo: 'status' as const, em: '2026-11-01T10:00:00Z', por: 'R', status: 1 };
    expect(groupBySave([a, b, c, d])).toEqual([
      { em: a.em, por: 'R', entries: [a, b] },
      { em: c.em, por: 'C', entries: [c] },
      { em: d.em, por: 'R', entries: [d] },
    ]);
  });
});
