import { describe, expect, it } from 'vitest';
import { sendFromTask } from '../../src/mail/send-from-task.ts';

/**
 * Hostile review of issue 16's mail through the queue: a failed send's text is stored in
 * fila_tarefas, logged and shown on the dead-letter view, so no form of the password link may
 * survive in it (GUIDE §7: tokens and reset links never reach a log).
 */
const TOKEN = 'Zm9vYmFyYmF6cXV1eC1hYmNkZWZnaGlqa2xtbm9wcXJzdHV2';
const LINK = `http://portal.test/recuperar-senha/${TOKEN}`;
const message = {
  to: 'maria.souza@empresa.com.br',
  subject: 'x',
  text: `acesse ${LINK}`,
  html: '',
  link: LINK,
};

async function failureText(error: string): Promise<string> {
  try {
    await sendFromTask({ send: async () => Promise.reject(new Error(error)) }, message);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('sendFromTask did not fail');
}

describe('a mail failure quoting the password link (issue 16)', () => {
  it('the exact link is taken out of the stored error', async () => {
    expect(await failureText(`552 rejected: ${LINK}`)).not.toContain(TOKEN);
  });

  it('tokens never reach a log: the token quoted alone, or the link URL-encoded or on another scheme, is taken out too', async () => {
    for (const quoted of [
      `552 content rejected near "${TOKEN}"`,
      `552 rejected: ${encodeURIComponent(LINK)}`,
      `552 rejected: https://portal.test/recuperar-senha/${TOKEN}`,
    ]) {
      expect(await failureText(quoted), quoted).not.toContain(TOKEN);
    }
  });

  it('the recipient is masked whatever its case', async () => {
    const text = await failureText('550 <MARIA.SOUZA@EMPRESA.COM.BR> unknown');
    expect(text.toLowerCase()).not.toContain('maria.souza');
  });
});
