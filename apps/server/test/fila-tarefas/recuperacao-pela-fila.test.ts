import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import { passwordResets, usuarios } from '../../src/db/schema.ts';
import type { MailMessage } from '../../src/mail/mailer.ts';
import { LOST_PASSWORD_ANSWER, LOST_PASSWORD_MIN_MS } from '../../src/modules/auth/lost-password.ts';
import { RECOVERY_MAIL } from '../../src/modules/auth/recovery-mail.ts';
import { freshDatabase, login, runQueue } from '../support/test-app.ts';
import { makeDue, taskById, tasksOf } from './support.ts';

/**
 * Issue 16, every e-mail through the queue: the recovery e-mail is queued in the transaction that
 * records the reset, so an SMTP outage never fails "Esqueci minha senha", the e-mail is retried and
 * arrives once the server is back; the task holds no address and no token, and no log line names
 * the user or carries a link.
 */
const lines: string[] = [];
const mails: MailMessage[] = [];
/** The links the mail server was handed while it was down. */
const refusedLinks: string[] = [];
let smtpDown = false;
let app: FastifyInstance;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-fila-'));
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
      mailer: {
        async send(m) {
          if (smtpDown) {
            refusedLinks.push(m.link!);
            // A mail server that quotes the recipient and the message back, as some do.
            throw new Error(`550 mailbox unavailable <${m.to}> while sending ${m.link}`);
          }
          mails.push(m);
        },
      },
      logStream: { write: (line) => void lines.push(line) },
    },
  );
  await app.ready();
  cleanup = async () => {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  // A whole app at log level trace: slow to start on a busy machine.
}, 180_000);
afterAll(() => cleanup());

const ask = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/lost-password',
    payload: { email },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1`,
  });
const tokenOf = (link: string) => link.split('/recuperar-senha/')[1]!;
const resetWith = (link: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/change-password-new', payload: { hash: tokenOf(link), password } });

describe('a mail outage during password recovery', () => {
  it('answers 200 at once, keeps the task with a masked error, retries it, and the mail arrives after recovery', async () => {
    smtpDown = true;
    const res = await ask('amee@demo.portal');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: 0, msg: LOST_PASSWORD_ANSWER });
    const [task] = await tasksOf(app, RECOVERY_MAIL);
    // The task names the reset only: no address, no token.
    expect(Object.keys(task!.dados as object)).toEqual(['reset']);

    expect(await runQueue(app)).toMatchObject({ claimed: 1, failed: 1 });
    const failed = await taskById(app, task!.id);
    expect(failed).toMatchObject({ tentativas: 1, concluidaEm: null });
    expect(failed!.ultimoErro).toBe('550 mailbox unavailable <am***@demo.portal> while sending [link]');
    expect(mails).toHaveLength(0);

    smtpDown = false;
    await makeDue(app, [task!.id]);
    expect(await runQueue(app)).toMatchObject({ claimed: 1, failed: 0 });
    expect(await taskById(app, task!.id)).toMatchObject({ tentativas: 2, ultimoErro: null });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'amee@demo.portal',
      subject: 'Recuperação de senha - Portal de Solicitações de UC',
    });
    expect(mails[0]!.text).toMatch(
      /O link vale até \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2} \(horário de Brasília\)/,
    );

    // The link of the attempt that failed never works; the delivered one does, once.
    expect(refusedLinks).toHaveLength(1);
    expect((await resetWith(refusedLinks[0]!, 'Tentativa#2026')).statusCode).toBe(400);
    expect((await resetWith(mails[0]!.link!, 'Recuperada#2026')).statusCode).toBe(200);
    expect(await login(app, 'amee@demo.portal', 'Recuperada#2026')).toBeTruthy();
  });

  it('no log line names the user or carries a link or token, yet the failure is logged', async () => {
    const text = lines.join('');
    expect(text).toContain('tarefa da fila falhou');
    expect(text).toContain('am***@demo.portal');
    expect(text).not.toMatch(/amee@demo\.portal/i);
    for (const link of [...refusedLinks, ...mails.map((m) => m.link!)])
      expect(text).not.toContain(tokenOf(link));
    const [user] = await app.db
      .select({ name: usuarios.name })
      .from(usuarios)
      .where(eq(usuarios.email, 'amee@demo.portal'));
    expect(text).not.toContain(user!.name);
  });
});

describe('what the queue sends for recovery', () => {
  it('an unknown address gets the same answer, no task, and takes as long as a known one', async () => {
    const before = (await tasksOf(app, RECOVERY_MAIL)).length;
    for (const email of ['ninguem@demo.portal', 'tower@demo.portal']) {
      const started = performance.now();
      const res = await ask(email);
      expect(performance.now() - started).toBeGreaterThanOrEqual(LOST_PASSWORD_MIN_MS - 5);
      expect(res.json()).toEqual({ error: 0, msg: LOST_PASSWORD_ANSWER });
    }
    expect(await tasksOf(app, RECOVERY_MAIL)).toHaveLength(before + 1);
    await runQueue(app);
  });

  it('of two requests queued before the mail went out, only the newest link is sent; the older task ends quietly', async () => {
    const sent = mails.length;
    await ask('property@demo.portal');
    await ask('property@demo.portal');
    expect(await runQueue(app)).toMatchObject({ claimed: 2, failed: 0 });
    expect(mails).toHaveLength(sent + 1);
    expect((await resetWith(mails.at(-1)!.link!, 'Propriedade#2026')).statusCode).toBe(200);
  });

  it('a reset that expired while the mail server was down is not sent', async () => {
    const sent = mails.length;
    await ask('celula@demo.portal');
    await app.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(sql`used_at is null`);
    expect(await runQueue(app)).toMatchObject({ claimed: 1, failed: 0 });
    expect(mails).toHaveLength(sent);
  });

  it('a user deactivated before the mail went out gets no link', async () => {
    const sent = mails.length;
    await ask('regional@demo.portal');
    await app.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, 'regional@demo.portal'));
    expect(await runQueue(app)).toMatchObject({ claimed: 1, failed: 0 });
    expect(mails).toHaveLength(sent);
    await app.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, 'regional@demo.portal'));
  });
});
