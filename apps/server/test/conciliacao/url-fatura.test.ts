import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { baseProvedor } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { importThroughQueue, uploadBase } from './support.ts';

/**
 * Issue 30: a link from the provider's base is rendered only if it is http(s), so the import
 * refuses, on its row and with a Portuguese reason, a "URL Fatura" of any other scheme.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'amee@demo.portal');
});
afterAll(() => t.close());

const SP = clientCnpjForUf('SP')!;
const HEADER = 'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF;Ativa;URL Fatura';
const line = (uc: string, url: string) => `${uc};ENEL SP;${CLIENT_COMPANY_NAME};${SP};SP;Sim;${url}`;
const REASON = 'URL Fatura não é um endereço http:// ou https://.';

const HOSTILE = [
  'javascript:alert(document.cookie)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  '\u0001javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
];

const storedUrl = async (uc: string) =>
  (
    await t.app.db
      .select({ url: baseProvedor.urlFatura })
      .from(baseProvedor)
      .where(and(eq(baseProvedor.fluxo, 'energia'), eq(baseProvedor.uc, uc)))
  )[0]?.url;

describe('url_fatura links are http(s) only', () => {
  it('the import rejects a row whose URL Fatura is not http(s), naming why, and keeps the http(s) ones', async () => {
    const csv = [
      HEADER,
      line('URL-OK-1', 'https://faturas.exemplo.com.br/uc/1.pdf'),
      line('URL-OK-2', 'HTTP://faturas.exemplo.com.br/uc/2.pdf'),
      ...HOSTILE.map((url, i) => line(`URL-MAU-${i}`, url)),
    ].join('\r\n');
    const run = await importThroughQueue(t.app, token, csv);
    expect(run).toMatchObject({
      situacao: 'aplicada',
      linhas_aceitas: 2,
      linhas_rejeitadas: HOSTILE.length,
    });
    expect(await storedUrl('URL-OK-1')).toBe('https://faturas.exemplo.com.br/uc/1.pdf');
    expect(await storedUrl('URL-OK-2')).toBe('HTTP://faturas.exemplo.com.br/uc/2.pdf');
    for (const i of HOSTILE.keys()) expect(await storedUrl(`URL-MAU-${i}`)).toBeUndefined();

    const rejected = await t.app.inject({ method: 'GET', url: run.rejeitadas_url!, headers: bearer(token) });
    expect(rejected.statusCode).toBe(200);
    for (const i of HOSTILE.keys()) {
      const row = rejected.body.split('\r\n').find((l) => l.includes(`URL-MAU-${i};`));
      expect(row, `URL-MAU-${i}`).toContain(REASON);
    }
  });

  it('the preview names the same reason on the row', async () => {
    const res = await uploadBase(
      t.app,
      token,
      [
        HEADER,
        line('URL-PREV-1', 'https://exemplo.com/f.pdf'),
        line('URL-PREV-2', 'javascript:alert(1)'),
      ].join('\n'),
      { path: 'previa' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { linhas } = res.json().dados;
    expect(linhas[0].motivos).toEqual([]);
    expect(linhas[1].motivos).toEqual([REASON]);
  });
});
