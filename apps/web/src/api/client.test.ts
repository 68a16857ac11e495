import { citiesCall } from '@portal/domain/contracts/calls/catalogues';
import { taskCalls } from '@portal/domain/contracts/calls/admin/tasks';
import { importCall } from '@portal/domain/contracts/calls/reconciliation';
import { loginCall, logoutCall, validateCall } from '@portal/domain/contracts/calls/sign-in';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../app/session/store.ts';
import { userOf } from '../test/fixtures.ts';
import { ApiError, apiFile, call, upload } from './client.ts';

/**
 * Hostile review of issue 32's client (call, upload): what each call puts on the wire, and what it
 * makes of the answers a server or a proxy may really give.
 */

type Sent = { url: string; init: RequestInit };
let sent: Sent[];

/** Answers every fetch with `body` (a JSON value, or raw text) and `status`, recording what was sent. */
function answer(body: unknown, status = 200, raw = false) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, init });
    return new Response(raw ? (body as string) : JSON.stringify(body), { status });
  });
}

/** The path a browser really requests for a URL (dot segments resolved). */
const requestedPath = (url: string) => new URL(url, 'http://portal.test').pathname;

const cities = { error: 0, dados: ['São Paulo'] };
const message = { error: 0, msg: 'ok' };

beforeEach(() => {
  sent = [];
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('path parameters stay in their own segment', () => {
  it.each(['a/b', 'a?b=1', 'a#b', 'SP/../../admin', '%2e%2e', '．．', '\u2024\u2024', '..%2f', 'ＳＰ'])(
    '%s is encoded, not routed',
    async (uf) => {
      answer(cities);
      await call(citiesCall, { params: { uf } });
      expect(requestedPath(sent[0]!.url)).toBe(`/api/cidades/${encodeURIComponent(uf)}`);
    },
  );

  it.each(['..', '.'])('a dot segment (%s) never reaches the route above it', async (id) => {
    answer(message);
    await call(taskCalls.requeue, { params: { id: id as never } }).catch(() => undefined);
    for (const { url } of sent)
      expect(requestedPath(url)).toMatch(/^\/api\/admin\/tarefas\/[^/]+\/reexecutar$/);
  });

  it('a missing parameter is refused, not sent as "undefined"', async () => {
    answer(message);
    await expect(call(taskCalls.discard, { params: {} as never })).rejects.toThrow(/parâmetro id/);
    expect(sent).toEqual([]);
  });

  it('a number is sent as its digits', async () => {
    answer(message);
    await call(taskCalls.discard, { params: { id: 12 } });
    expect(sent[0]!.url).toBe('/api/admin/tarefas/12');
  });
});

describe('query values', () => {
  it('null and undefined are left out, numbers and text sent as text', async () => {
    answer({ error: 0, total: 0, dados: [] });
    await call(taskCalls.list, { query: { page: 2, per_page: null as never, situacao: undefined } });
    expect(sent[0]!.url).toBe('/api/admin/tarefas?page=2');
  });

  it('an array is sent as repeated keys (what the server reads as a list), not joined by commas', async () => {
    answer({ error: 0, total: 0, dados: [] });
    await call(taskCalls.list, { query: { situacao: ['falhas', 'todas'] as never } });
    expect(new URL(sent[0]!.url, 'http://portal.test').searchParams.getAll('situacao')).toEqual([
      'falhas',
      'todas',
    ]);
  });

  it('an object is refused instead of being sent as "[object Object]"', async () => {
    answer({ error: 0, total: 0, dados: [] });
    await expect(call(taskCalls.list, { query: { situacao: { a: 1 } as never } })).rejects.toThrow(
      /não pode ser um objeto/,
    );
    expect(sent).toEqual([]);
  });
});

describe('bodies', () => {
  it('a call that declares a body sends {} when given none, with its content type', async () => {
    answer({ error: 0, token: 't', user: userOf('celula') });
    await call(loginCall, { body: undefined as never }).catch(() => undefined);
    expect(sent[0]!.init.body).toBe('{}');
    expect((sent[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('a call without a body sends nothing and no content type (Fastify refuses an empty JSON body)', async () => {
    answer(message);
    await call(logoutCall);
    expect(sent[0]!.init.body).toBeUndefined();
    expect((sent[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('answers', () => {
  it('a 401 for the current token ends the session', async () => {
    sessionStore.start('mine', userOf('celula'));
    answer({ error: 1, msg: 'Sessão expirada.' }, 401);
    await expect(call(validateCall)).rejects.toMatchObject({ status: 401, message: 'Sessão expirada.' });
    expect((sent[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer mine');
    expect(sessionStore.get()).toBeNull();
  });

  it('a late 401 for a token already replaced leaves the new session alone', async () => {
    sessionStore.start('old', userOf('celula'));
    vi.stubGlobal('fetch', async () => {
      sessionStore.start('new', userOf('celula'));
      return new Response(JSON.stringify({ error: 1, msg: 'x' }), { status: 401 });
    });
    await expect(call(validateCall)).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get()?.token).toBe('new');
  });

  it('a 401 to a call made signed out (a wrong password) clears nothing', async () => {
    answer({ error: 1, msg: 'Usuário ou senha inválidos.' }, 401);
    await expect(call(loginCall, { body: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({
      status: 401,
    });
  });

  it('a 2xx that is not JSON is an ApiError, not a crash', async () => {
    answer('<html>proxy</html>', 200, true);
    await expect(call(citiesCall, { params: { uf: 'SP' } })).rejects.toMatchObject({ status: 200 });
  });

  it('`error: 1` under a 200 is a refusal with its message and field', async () => {
    answer({ error: 1, msg: 'Recusado.', campo: 'uf' });
    await expect(call(citiesCall, { params: { uf: 'SP' } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 200,
      message: 'Recusado.',
      campo: 'uf',
    });
  });

  it('a 500 with `error: 0` is still a failure', async () => {
    answer(cities, 500);
    await expect(call(citiesCall, { params: { uf: 'SP' } })).rejects.toBeInstanceOf(ApiError);
  });

  it('fetch itself failing is an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(citiesCall, { params: { uf: 'SP' } })).rejects.toMatchObject({ status: 0 });
  });

  it('off contract outside production fails loudly', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer({ error: 0, dados: 'não é uma lista' });
    await expect(call(citiesCall, { params: { uf: 'SP' } })).rejects.toThrow(/fora do contrato/);
  });

  it('off contract in production is not parsed: the answer is handed over as the server gave it', async () => {
    vi.stubEnv('PROD', true);
    answer({ error: 0, dados: 'não é uma lista' });
    await expect(call(citiesCall, { params: { uf: 'SP' } })).resolves.toEqual({
      error: 0,
      dados: 'não é uma lista',
    });
  });
});

/** A stand-in XMLHttpRequest that records what upload() opens and sends, and answers `reply`. */
function fakeXhr(reply: { status: number; text: string }) {
  const opened: { method: string; url: string; headers: Record<string, string>; body?: unknown }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (e: ProgressEvent) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    private record = {
      method: '',
      url: '',
      headers: {} as Record<string, string>,
      body: undefined as unknown,
    };
    open(method: string, url: string) {
      Object.assign(this.record, { method, url });
      opened.push(this.record);
    }
    setRequestHeader(name: string, value: string) {
      this.record.headers[name] = value;
    }
    send(body: unknown) {
      this.record.body = body;
      queueMicrotask(() => {
        this.status = reply.status;
        this.responseText = reply.text;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return opened;
}

describe('upload', () => {
  const importAnswer = { error: 0, msg: 'ok', dados: { id: 1 } };

  it('files and a query: a multipart body with `dados` and each file, the query on the URL', async () => {
    const opened = fakeXhr({ status: 200, text: JSON.stringify(importAnswer) });
    await upload(
      importCall,
      { dados: { a: 1 }, files: [['arquivo', new File(['x'], 'base.csv')]], query: { fluxo: 'energia' } },
      () => {},
    ).catch(() => undefined);
    expect(opened[0]).toMatchObject({ method: 'POST', url: '/api/conciliacao/importar?fluxo=energia' });
    const body = opened[0]!.body as FormData;
    expect(body.get('dados')).toBe('{"a":1}');
    expect((body.get('arquivo') as File).name).toBe('base.csv');
    expect(opened[0]!.headers['Content-Type']).toBeUndefined();
  });

  it('a refusal under 200 and a non-JSON answer reject with an ApiError', async () => {
    fakeXhr({ status: 200, text: JSON.stringify({ error: 1, msg: 'Arquivo inválido.' }) });
    await expect(
      upload(
        importCall,
        { dados: {}, files: [['arquivo', new File(['x'], 'a.csv')]], query: { fluxo: 'energia' } },
        () => {},
      ),
    ).rejects.toMatchObject({ status: 200, message: 'Arquivo inválido.' });
    fakeXhr({ status: 413, text: '<html>too large</html>' });
    await expect(
      upload(
        importCall,
        { dados: {}, files: [['arquivo', new File(['x'], 'a.csv')]], query: { fluxo: 'energia' } },
        () => {},
      ),
    ).rejects.toMatchObject({ status: 413 });
  });
});

describe('apiFile (URLs the server answers: attachments, an export, rejected rows)', () => {
  it.each(['https://elsewhere.example/api/x', '//elsewhere.example/api/x', 'javascript:alert(1)'])(
    'the bearer token never leaves for %s',
    async (url) => {
      sessionStore.start('secret', userOf('celula'));
      answer('bytes', 200, true);
      await apiFile(url).catch(() => undefined);
      expect(sent).toEqual([]);
    },
  );

  it('a path under /api is fetched with the token', async () => {
    sessionStore.start('secret', userOf('celula'));
    answer('bytes', 200, true);
    await apiFile('/api/arquivos/1');
    expect((sent[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer secret');
  });
});

describe('call inputs are typed from the descriptor', () => {
  it('a preprocessed list body still refuses a field or a type its schema does not have', async () => {
    answer({ error: 0, total: 0, dados: [] });
    const { groupCalls } = await import('@portal/domain/contracts/calls/admin/groups');
    // @ts-expect-error: not a field of the groups' list body
    await call(groupCalls.list, { body: { nao_existe: 1 } });
    // @ts-expect-error: a list body is an object
    await call(groupCalls.list, { body: 'texto' });
    await call(groupCalls.list, { body: { page: 2 } });
    expect(sent).toHaveLength(3);
  });
});
