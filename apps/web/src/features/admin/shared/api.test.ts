import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupsResource } from '../groups/api.ts';

/**
 * Hostile review of issue 32: an administration list call answers a page, or one row when its
 * body names an id (listReply). adminResource typed `list` as a page with an `as` cast; the screens'
 * filters are spread into the body, so a body with an id got a row typed as a page (in production,
 * where nothing parses the answer, `dados` is then an object and `total` undefined).
 */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('adminResource.list', () => {
  it('a row where a page was expected is refused, not handed to the table as a page', async () => {
    vi.stubEnv('PROD', true);
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ error: 0, dados: { id: 1, nome: 'x' } })),
    );
    await expect(groupsResource.list({ page: 1, per_page: 10, order: 'asc', id: 1 })).rejects.toThrow(
      /registro em vez de uma página/,
    );
  });

  it('a page is a page', async () => {
    vi.stubEnv('PROD', true);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 0, total: 0, dados: [] })));
    await expect(groupsResource.list({ page: 1, per_page: 10, order: 'asc' })).resolves.toEqual({
      error: 0,
      total: 0,
      dados: [],
    });
  });
});
