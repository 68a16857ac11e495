import { randomBytes } from 'node:crypto';
import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filaTarefas, importacoesBase } from '../../src/db/schema.ts';
import { bearer, createTestApp, is4xx, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { listedRun, storedKeys, uploadBase } from '../conciliacao/support.ts';

/**
 * Hostile review of issue 16, POST /api/conciliacao/importar and the runs' list under input no
 * screen sends: a Portuguese 4xx, never a 500, and nothing kept or queued.
 */
let t: TestApp;
let tokens: Record<string, string>;
const ENGLISH = /expected|received|invalid input|required|must be|unrecognized|body\//i;
const HEADER = 'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF';

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app, ['amee']);
});
afterAll(() => t.close());

const footprint = async () => ({
  runs: (await t.app.db.select({ n: count() }).from(importacoesBase))[0]!.n,
  tasks: (await t.app.db.select({ n: count() }).from(filaTarefas))[0]!.n,
  keys: await storedKeys(t.app),
});

describe('the upload', () => {
  it('without a valid session: 401 before a byte of the file is kept', async () => {
    const before = await footprint();
    for (const headers of [{}, bearer('forjado')]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/conciliacao/importar?fluxo=energia',
        payload: Buffer.concat([
          Buffer.from(
            `--b\r\nContent-Disposition: form-data; name="arquivo"; filename="b.csv"\r\n\r\n${HEADER}\r\n`,
          ),
          Buffer.alloc(1024 * 1024, 0x41),
          Buffer.from('\r\n--b--\r\n'),
        ]),
        headers: { 'content-type': 'multipart/form-data; boundary=b', ...headers },
      });
      expect(res.statusCode).toBe(401);
    }
    expect(await footprint()).toEqual(before);
  });

  it('a flow other than energia or agua, however spelled, is refused naming Fluxo, nothing kept', async () => {
    const before = await footprint();
    for (const fluxo of ['ENERGIA', 'energia%20', 'agua%00', 'gas', '', '__proto__', 'energia&fluxo=agua']) {
      const res = await uploadBase(t.app, tokens.amee!, `${HEADER}\r\nX;ENEL SP;a;b;SP`, { fluxo });
      expect(is4xx(res.statusCode), fluxo).toBe(true);
      expect(res.json().msg, fluxo).toBe('O campo Fluxo deve ser energia ou agua.');
    }
    expect(await footprint()).toEqual(before);
  });

  it('bytes of no text nor spreadsheet: refused at once, or queued and failed in Portuguese with nothing kept and no retry', async () => {
    const before = await footprint();
    for (const content of [
      randomBytes(200_000),
      Buffer.alloc(100_000, 0),
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'),
    ]) {
      const res = await uploadBase(t.app, tokens.amee!, content, { filename: 'base.csv' });
      expect(is4xx(res.statusCode) || res.statusCode === 200, res.body.slice(0, 200)).toBe(true);
      if (res.statusCode === 200) {
        expect(await runQueue(t.app)).toEqual({ claimed: 1, failed: 0 });
        const run = await listedRun(t.app, tokens.amee!, res.json().dados.id);
        expect(run).toMatchObject({ situacao: 'falhou', rejeitadas_url: null });
        expect(run!.erro).not.toMatch(ENGLISH);
      } else {
        expect(res.json().msg).not.toMatch(ENGLISH);
      }
    }
    const after = await footprint();
    expect(after.keys).toEqual(before.keys);
    const pending = await t.app.db.select().from(filaTarefas).where(isNull(filaTarefas.concluidaEm));
    expect(pending).toEqual([]);
  });
});

describe('the runs’ list', () => {
  it('hostile paging and flow filters are a Portuguese 4xx, never a 500', async () => {
    const broken: string[] = [];
    const bodies: unknown[] = [
      { page: 0 },
      { page: -1 },
      { page: 1.5 },
      { page: 2 ** 31 },
      { page: '1e3' },
      { per_page: 1000 },
      { per_page: -10 },
      { fluxo: 'gas' },
      { fluxo: ['energia'] },
      { fluxo: '\u0000' },
      [],
      'texto',
    ];
    for (const payload of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/conciliacao/importacoes',
        payload: payload as object,
        headers: bearer(tokens.amee!),
      });
      if (!is4xx(res.statusCode) || !res.json().msg || ENGLISH.test(res.json().msg))
        broken.push(`${JSON.stringify(payload)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(broken).toEqual([]);
  });
});
