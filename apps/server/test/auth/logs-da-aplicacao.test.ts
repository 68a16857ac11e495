import { PUBLIC } from '@portal/domain/contracts/call';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { readConfig } from '../../src/config.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-data.ts';
import type { MailMessage } from '../../src/mail/mailer.ts';
import { freshDatabase, runQueue } from '../support/test-app.ts';

/**
 * Issue 9 item 7, end to end: the app as it runs, every log line captured at the most verbose
 * level, and no secret in any of them.
 */
const lines: string[] = [];
const mails: MailMessage[] = [];
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let argonHash: string;

beforeAll(async () => {
  argonHash = await hashPassword('Segredo#2026');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-logs-'));
  const database = await freshDatabase();
  app = await buildApp(
    {
      ...readConfig({}),
      dataDir,
      databaseUrl: database.url,
      inMemoryDatabase: true,
      webDist: undefined,
      logLevel: 'trace',
      publicUrl: 'http://portal.test',
      seedDemo: true,
    },
    {
      mailer: { send: async (m) => void mails.push(m) },
      logStream: { write: (line) => void lines.push(line) },
    },
  );
  // A statement that fails with a password hash among its values, as a bug in a use case would.
  app.post('/api/teste/falha-no-banco', { config: { access: PUBLIC } }, async () => {
    await app.db.execute(
      sql`insert into usuarios (name, email, password_hash, id_grupo, id_perfil) values (null, 'x@demo.portal', ${argonHash}, 22845207, 1)`,
    );
    return { error: 0 };
  });
  await app.ready();
  cleanup = async () => {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => cleanup());

const logText = () => lines.join('');

describe('the running app logs no secret', () => {
  it('the reset link page is logged as /recuperar-senha/[redacted], never with its token', async () => {
    await app.inject({ method: 'POST', url: '/api/lost-password', payload: { email: 'amee@demo.portal' } });
    await runQueue(app);
    const token = mails.at(-1)!.link!.split('/recuperar-senha/')[1]!;
    expect(token.length).toBeGreaterThan(20);
    await app.inject({ method: 'GET', url: `/recuperar-senha/${token}` });
    await app.inject({ method: 'GET', url: `/recuperar-senha/${token}?origem=email` });
    expect(logText()).toContain('/recuperar-senha/[redacted]');
    expect(logText()).not.toContain(token);
  });

  it('neither the Authorization header, the session token nor a password is logged', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'celula@demo.portal', password: DEMO_PASSWORD },
    });
    const { token } = signIn.json() as { token: string };
    const validate = await app.inject({
      method: 'GET',
      url: '/api/validate',
      headers: { authorization: `Bearer ${token}`, cookie: 'sessao=segredo-do-cookie' },
    });
    expect(validate.statusCode).toBe(200);
    expect(logText()).toContain('/api/validate');
    for (const secret of [token, DEMO_PASSWORD, 'segredo-do-cookie']) expect(logText()).not.toContain(secret);
    expect(logText()).not.toMatch(/authorization|bearer/i);
  });

  it("a failed statement's values (an argon2 hash among them) are not in the error's log line", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/teste/falha-no-banco' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 1, msg: 'Erro interno. Tente novamente em instantes.' });
    const errorLine = lines.find((l) => l.includes('unexpected error'));
    expect(errorLine).toBeDefined();
    expect(errorLine).toContain('usuarios');
    expect(logText()).not.toContain(argonHash);
    expect(logText()).not.toContain('$argon2id$');
  });

  it('a line that carries credentials by mistake prints them censored', () => {
    app.log.info(
      { headers: { authorization: 'Bearer token-esquecido' }, user: { password: 'senha-esquecida' } },
      'linha com segredos',
    );
    const line = lines.find((l) => l.includes('linha com segredos'))!;
    expect(line).toContain('[redacted]');
    expect(line).not.toMatch(/token-esquecido|senha-esquecida/);
  });
});
