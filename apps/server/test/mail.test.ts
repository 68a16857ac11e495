import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { readConfig } from '../src/config.ts';
import { createMailer } from '../src/mail/mailer.ts';

const silent = pino({ level: 'silent' });

describe('mail over SMTP', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends through the server named by SMTP_URL', async () => {
    const config = readConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'portal@demo.portal' });
    const mailer = createMailer(config, silent);
    await mailer.send({
      to: 'celula@demo.portal',
      subject: 'Recuperação de senha',
      text: 'Acesse /recuperar-senha/abc',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'portal@demo.portal', to: ['celula@demo.portal'] });
    expect(received[0]!.data).toContain('Subject: =?UTF-8?Q?Recupera=C3=A7=C3=A3o_de_senha?=');
    expect(received[0]!.data).toContain('/recuperar-senha/abc');
  });
});

describe('mail without SMTP_URL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-outbox-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes each message as an .eml file under DATA_DIR/outbox/', async () => {
    const mailer = createMailer(readConfig({ DATA_DIR: dataDir }), silent);
    await mailer.send({
      to: 'amee@demo.portal',
      subject: 'Teste',
      text: 'Link: http://x/recuperar-senha/xyz',
      link: 'http://x/recuperar-senha/xyz',
    });
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: amee@demo.portal');
    expect(eml).toContain('http://x/recuperar-senha/xyz');
  });
});
