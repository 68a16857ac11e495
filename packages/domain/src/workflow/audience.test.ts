import { describe, expect, it } from 'vitest';
import { inAudience, policyRole } from './audience.ts';

// Who sees a field or an attachment of a request: only some roles, all but some, and possibly only
// in some statuses.
describe('policyRole', () => {
  it('Análise do Property Management works with Property Management’s powers; other roles are their own', () => {
    expect(policyRole('analise_property')).toBe('property');
    expect(policyRole('property')).toBe('property');
    expect(policyRole('tower')).toBe('tower');
  });
});

describe('inAudience', () => {
  it('without an audience, everyone, in every status', () => {
    expect(inAudience(undefined, 'tower', null)).toBe(true);
    expect(inAudience({}, 'tower', 3)).toBe(true);
  });

  it('only: the listed roles', () => {
    expect(inAudience({ only: ['celula', 'amee'] }, 'amee', 4)).toBe(true);
    expect(inAudience({ only: ['celula', 'amee'] }, 'tower', 4)).toBe(false);
  });

  it('except: everyone but the listed roles', () => {
    expect(inAudience({ except: ['tower'] }, 'tower', 4)).toBe(false);
    expect(inAudience({ except: ['tower'] }, 'regional', 4)).toBe(true);
  });

  it('atStatus: only in those statuses, and never on a new request', () => {
    expect(inAudience({ atStatus: [9] }, 'tower', 9)).toBe(true);
    expect(inAudience({ atStatus: [9] }, 'tower', 4)).toBe(false);
    expect(inAudience({ atStatus: [0] }, 'tower', null)).toBe(false);
  });

  it('every condition must hold', () => {
    const audience = { only: ['tower', 'celula'] as const, except: ['celula'] as const, atStatus: [0, 9] };
    expect(inAudience(audience, 'tower', 9)).toBe(true);
    expect(inAudience(audience, 'celula', 9)).toBe(false);
    expect(inAudience(audience, 'tower', 4)).toBe(false);
    expect(inAudience(audience, 'regional', 9)).toBe(false);
  });
});
