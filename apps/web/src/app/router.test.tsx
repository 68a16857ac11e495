import { afterEach, describe, expect, it, vi } from 'vitest';
import { userOf } from '../test/fixtures.ts';
import { queryClient } from './queryClient.ts';
import { preloadRoutes } from './router.tsx';
import { sessionStore } from './session/store.ts';

/** The API calls made so far, as "METHOD /api/path body". */
function stubApi() {
  const calls = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(
    async () => new Response(JSON.stringify({ error: 0, dados: [], total: 0 }), { status: 200 }),
  );
  vi.stubGlobal('fetch', calls);
  return () =>
    calls.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url} ${init?.body ?? ''}`.trim());
}

afterEach(() => {
  sessionStore.clear();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the app opened at an address asks its page’s data beside the page’s code (issue 31)', () => {
  // The queries' modules load with the prefetch (their calls' contracts stay out of the app's chunk).
  it('the dashboard’s totals and overview, for a signed-in user', async () => {
    const calls = stubApi();
    sessionStore.start('token', userOf('celula'));
    preloadRoutes({ pathname: '/dashboard', search: '' });
    await vi.waitFor(() => expect(calls()).toEqual(['GET /api/home', 'GET /api/home/painel']));
  });

  it('a request list’s page as its address names it (filters, page)', async () => {
    const calls = stubApi();
    sessionStore.start('token', userOf('celula'));
    preloadRoutes({ pathname: '/cadastro-uc-nova', search: '?status=3&pagina=2' });
    await vi.waitFor(() => expect(calls()).toHaveLength(1));
    expect(calls()[0]).toMatch(/^POST \/api\/novas-unidades\/list /);
    expect(JSON.parse(calls()[0]!.replace(/^POST \S+ /, ''))).toMatchObject({ status: [3], page: 2 });
  });

  it('nothing before sign-in: no call without a session', () => {
    const calls = stubApi();
    preloadRoutes({ pathname: '/dashboard', search: '' });
    expect(calls()).toEqual([]);
  });
});
