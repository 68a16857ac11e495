import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 10 item 1: every call declares its answer, so /api/docs documents it and the serializer
 * drops whatever the contract does not name.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * File downloads answer bytes: the request engine's, the regularization's, an import's rejected
 * rows, a report's export, a file the queue wrote.
 */
const BINARY = /(\/arquivos\/\{id\}|\/rejeitadas|\/exportar|\/exportacoes\/\{id\}\/arquivo)$/;

describe('the OpenAPI document at /api/docs', () => {
  it('documents the JSON answer of every call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { responses?: Record<string, { content?: unknown }> }>
    >;
    const undocumented = Object.entries(paths)
      .filter(([path]) => !BINARY.test(path))
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, op]) => !op.responses?.['200']?.content)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
    expect(undocumented).toEqual([]);
  });
});
