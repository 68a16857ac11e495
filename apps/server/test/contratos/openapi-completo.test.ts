import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '@portal/domain';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 32 step 4: the OpenAPI document, generated from the calls' descriptors, says what the
 * server really does: every status with its schema, multipart bodies, downloads' content types,
 * and limits as enforced (per_page's fixed set).
 */
type Operation = {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
};
let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );

describe('the generated OpenAPI document', () => {
  it('documents the refusals of every operation, each with the error envelope', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(150);
    for (const { path, method, op } of ops) {
      const errors = Object.keys(op.responses).filter((status) => status !== '200');
      expect(errors, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '500', '503']));
      for (const status of errors) {
        expect(
          op.responses[status]!.content?.['application/json'],
          `${method} ${path} ${status}`,
        ).toBeTruthy();
        expect(op.responses[status]!.description).not.toBe('Default Response');
      }
    }
  });

  it('non-public calls need the session (401, 403, bearer); sign-in does not', () => {
    const list = paths['/api/novas-unidades/list']!.post!;
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['401', '403', '404', '422']));
    expect(list.security).toEqual([{ sessao: [] }]);
    expect(paths['/api/login']!.post!.security).toEqual([]);
  });

  it('saves take multipart with their file slots, or JSON', () => {
    const content = paths['/api/novas-unidades/add']!.post!.requestBody!.content;
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(content['multipart/form-data']!.schema.properties!.fatura!.format).toBe('binary');
    const upload = paths['/api/conciliacao/importar']!.post!.requestBody!.content;
    expect(upload['multipart/form-data']!.schema.properties!.arquivo!.format).toBe('binary');
  });

  it('downloads declare their content types', () => {
    const exported = paths['/api/novas-unidades/list/exportar']!.get!.responses['200']!.content!;
    expect(Object.keys(exported)).toContain(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(Object.keys(paths['/api/exportacoes/{id}/arquivo']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '404', '409', '410']),
    );
  });

  it('per_page is the fixed set the server accepts (its canonical form: a number in text is converted first)', () => {
    type Lenient<T> = { anyOf: [T, { description: string }] };
    const body = paths['/api/usuarios/list']!.post!.requestBody!.content['application/json']!
      .schema as unknown as Lenient<{
      properties: Record<string, Lenient<{ enum?: number[] }>>;
    }>;
    const perPage = body.anyOf[0].properties.per_page!;
    expect(perPage.anyOf[0].enum).toEqual([...PAGE_SIZES]);
    expect(perPage.anyOf[1].description).toMatch(/converte o valor/);
  });
});
