import type { SessionUser } from '@portal/domain';

/** Direct calls to the API, for facts a test checks beside what the page shows. */
export async function apiLogin(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ token: string; user: SessionUser } | null> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.ok ? ((await response.json()) as { token: string; user: SessionUser }) : null;
}

export async function apiCall(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  token: string | undefined,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
  };
}
