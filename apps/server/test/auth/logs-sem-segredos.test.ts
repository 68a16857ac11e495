import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { redactUrl, serializeError, serializeRequest } from '../../src/http/log-serializers.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Issue 9 item 7: no reset token, bearer token or statement parameter ever reaches a log line. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('log lines hold no secret', () => {
  it('the reset link page /recuperar-senha/<token> is logged with the token hidden', () => {
    expect(redactUrl('/recuperar-senha/abcDEF123-_x')).toBe('/recuperar-senha/[redacted]');
    expect(redactUrl('/recuperar-senha/abc?x=1')).toBe('/recuperar-senha/[redacted]?x=1');
    expect(redactUrl('/api/novas-unidades/list')).toBe('/api/novas-unidades/list');
  });

  it('a request is logged without its headers (no Authorization)', () => {
    const line = serializeRequest({
      method: 'GET',
      url: '/recuperar-senha/segredo',
      ip: '10.0.0.1',
      host: 'portal',
    });
    expect(JSON.stringify(line)).not.toMatch(/segredo|authorization|Bearer/i);
  });

  it("a failed statement's parameters (an argon2 hash among them) never reach the log", async () => {
    const hash = await hashPassword('Segredo#2026');
    // A unique-key violation: the statement carries the hash as one of its parameters.
    const insert = () =>
      t.app.db.execute(
        sql`insert into usuarios (name, email, password_hash, id_grupo, id_perfil) values ('X', 'admin@demo.portal', ${hash}, 22845207, 1)`,
      );
    const error = await insert().then(
      () => null,
      (err: Error) => err,
    );
    expect(error).not.toBeNull();
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error)) + String(error!.stack)).toContain(hash);
    const logged = JSON.stringify(serializeError(error!));
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain('argon2');
  });

  it('values PostgreSQL echoes in an error (failing row, duplicate key, refused input) are hidden', () => {
    const error = Object.assign(
      new Error('invalid input syntax for type integer: "$argon2id$v=19$m=1$abc"'),
      {
        detail: 'Failing row contains (7, X, x@demo.portal, $argon2id$v=19$m=1$abc).',
        cause: Object.assign(new Error('duplicate key value violates unique constraint'), {
          detail: 'Key (email)=(segredo@demo.portal) already exists.',
          parameters: ['$argon2id$v=19$m=1$abc'],
        }),
      },
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toMatch(/argon2|segredo@demo\.portal|x@demo\.portal/);
    expect(logged).toContain('Key (email)=[redacted] already exists.');
    expect(logged).toContain('Failing row contains [redacted].');
  });
});
