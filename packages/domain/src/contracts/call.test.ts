import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { defineCall, errorKindsOf, PUBLIC, SIGNED_IN, statusesOf, type CallSpec } from './call.ts';

// The statuses each call declares, derived once from its descriptor.
describe('the statuses a call declares', () => {
  const spec = (changes: Partial<CallSpec>): CallSpec => ({
    method: 'GET',
    path: '/api/x',
    tags: ['x'],
    access: SIGNED_IN,
    ...changes,
  });

  it('a public GET without input: malformed input and the server’s own failures only', () => {
    expect(errorKindsOf(spec({ access: PUBLIC }))).toEqual(['malformed', 'internal', 'unavailable']);
  });

  it('behind the session: 401 and 403 besides', () => {
    expect(errorKindsOf(spec({}))).toEqual([
      'malformed',
      'internal',
      'unavailable',
      'unauthenticated',
      'forbidden',
    ]);
  });

  it('a call that takes input can refuse a value (422)', () => {
    for (const input of ['query', 'params'] as const) {
      expect(errorKindsOf(spec({ access: PUBLIC, [input]: z.object({}) }))).toContain('refused');
    }
    expect(errorKindsOf(spec({ access: PUBLIC }))).not.toContain('refused');
  });

  it('any call but a GET reads a body: its size and type can be refused (413, 415)', () => {
    const post = errorKindsOf(spec({ access: PUBLIC, method: 'POST' }));
    expect(post).toEqual(['malformed', 'internal', 'unavailable', 'tooLarge', 'unsupportedMediaType']);
    const withBody = errorKindsOf(spec({ access: PUBLIC, method: 'PUT', body: z.object({}) }));
    expect(withBody).toEqual([
      'malformed',
      'internal',
      'unavailable',
      'refused',
      'tooLarge',
      'unsupportedMediaType',
    ]);
    const multipart = errorKindsOf(spec({ access: PUBLIC, multipart: { fields: z.object({}), files: [] } }));
    expect(multipart).toEqual(expect.arrayContaining(['refused', 'tooLarge', 'unsupportedMediaType']));
  });

  it('a call’s own refusals are added once', () => {
    expect(errorKindsOf(spec({ errors: ['conflict', 'notFound', 'forbidden'] }))).toEqual([
      'malformed',
      'internal',
      'unavailable',
      'unauthenticated',
      'forbidden',
      'conflict',
      'notFound',
    ]);
  });

  it('defineCall answers 200 with the answer and every error status with the envelope', () => {
    const answer = z.object({ error: z.literal(0) });
    const call = defineCall(spec({ answer, errors: ['conflict'] }));
    expect(Object.keys(call.answers).map(Number)).toEqual([200, 400, 401, 403, 409, 500, 503]);
    expect(call.answers[200]).toBe(answer);
    expect(statusesOf(call)).toEqual([200, 400, 500, 503, 401, 403, 409]);
    expect(
      z.safeParse(call.answers[409]!, { error: 1, msg: 'Este registro foi alterado por outro usuário' })
        .success,
    ).toBe(true);
    expect(z.safeParse(call.answers[409]!, { error: 0 }).success).toBe(false);
  });

  it('a download declares no JSON answer for 200, still one per error', () => {
    const call = defineCall(spec({ download: { contentTypes: ['text/csv'] } }));
    expect(call.answers[200]).toBeUndefined();
    expect(statusesOf(call)).toContain(200);
  });
});
