import { describe, expect, it } from 'vitest';
import { REQUEST_STATUSES } from '../catalogs/request-status.ts';
import { requestForm } from '../workflow/forms.ts';
import { allowedNextStatuses } from '../workflow/transitions.ts';
import {
  AGE_BUCKETS,
  bucketHref,
  bucketPeriod,
  groupHref,
  myQueueStatuses,
  OPEN_STATUSES,
  STATUS_GROUPS,
  statusHref,
} from './overview.ts';

describe('dashboard status groups (docs/workflow.md status table)', () => {
  it('every status is in exactly one group', () => {
    const grouped = STATUS_GROUPS.flatMap((g) => g.statuses).sort((a, b) => a - b);
    expect(grouped).toEqual([...REQUEST_STATUSES].sort((a, b) => a - b));
  });

  it('"Concluídas" and "Recusadas" are exactly the final statuses; the open ones still move', () => {
    const closed = STATUS_GROUPS.filter((g) => g.key === 'concluidas' || g.key === 'recusadas').flatMap(
      (g) => g.statuses,
    );
    const final = REQUEST_STATUSES.filter((s) => allowedNextStatuses(s).length === 0);
    expect([...closed].sort((a, b) => a - b)).toEqual(final);
    for (const s of OPEN_STATUSES) expect(allowedNextStatuses(s).length).toBeGreaterThan(0);
  });
});

describe('age buckets', () => {
  it('cover every age once, as periods of the request date', () => {
    const today = '2026-03-01';
    expect(AGE_BUCKETS.map((b) => bucketPeriod(b, today))).toEqual([
      { de: '2026-02-22', ate: '2026-03-01' },
      { de: '2026-01-30', ate: '2026-02-21' },
      { de: '2025-12-01', ate: '2026-01-29' },
      { de: undefined, ate: '2025-11-30' },
    ]);
  });
});

describe('"Aguardando minha ação" statuses', () => {
  it('profile 3 Consulta acts on nothing, whatever its role', () => {
    expect(myQueueStatuses({ papel: 'celula', perfil: 3 }, 'energia')).toEqual([]);
    expect(myQueueStatuses({ papel: 'celula', perfil: 4 }, 'energia').length).toBeGreaterThan(0);
  });

  it('the requester acts on nothing; Análise do Property acts as Property Management', () => {
    expect(myQueueStatuses({ papel: 'solicitante', perfil: 4 }, 'energia')).toEqual([]);
    expect(myQueueStatuses({ papel: 'analise_property', perfil: 4 }, 'agua')).toEqual(
      myQueueStatuses({ papel: 'property', perfil: 4 }, 'agua'),
    );
  });
});

describe('dashboard links (the list URL contract)', () => {
  const nova = requestForm('energia', 'nova');
  it('a status, a group by regional and an age bucket each open the list filtered exactly to them', () => {
    expect(statusHref(nova, [2])).toBe('/cadastro-uc-nova?status=2');
    expect(groupHref(nova, STATUS_GROUPS[3]!, 7)).toBe('/cadastro-uc-nova?status=3,6,15&regional=7');
    expect(bucketHref(nova, AGE_BUCKETS[3]!, '2026-03-01')).toBe(
      `/cadastro-uc-nova?status=${OPEN_STATUSES.join(',')}&ate=2025-11-30`,
    );
  });
});
