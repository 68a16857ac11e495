import { describe, expect, it } from 'vitest';
import { CLIENT_ERRORS, schemaProblemKind, schemaProblemStatus } from './errors.ts';

describe('the error catalogue', () => {
  it('gives each kind of client error one 4xx status, no two kinds the same', () => {
    const statuses = Object.values(CLIENT_ERRORS);
    expect(statuses.every((s) => s >= 400 && s < 500)).toBe(true);
    expect(new Set(statuses).size).toBe(statuses.length);
    expect(CLIENT_ERRORS).toMatchObject({ malformed: 400, refused: 422, tooLarge: 413, conflict: 409 });
  });

  it.each(['invalid_type', 'too_big', 'too_small', 'unrecognized_keys', 'invalid_union', 'not_multiple_of'])(
    'a schema problem of shape (%s) is malformed, 400',
    (code) => {
      expect(schemaProblemKind(code)).toBe('malformed');
      expect(schemaProblemStatus(code)).toBe(400);
    },
  );

  it.each(['custom', 'invalid_format', 'invalid_value'])(
    'a schema problem of content (%s) is refused, 422',
    (code) => {
      expect(schemaProblemKind(code)).toBe('refused');
      expect(schemaProblemStatus(code)).toBe(422);
    },
  );

  it('a code zod may add later counts as malformed', () => {
    expect(schemaProblemStatus('algo_novo')).toBe(400);
  });
});
