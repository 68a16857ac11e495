import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUnitPayload } from '../support/requests.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';

/**
 * Issue 30: a body that is not valid UTF-8, or declares another charset, is refused with 400 and a
 * Portuguese message — never stored with replacement characters.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'solicitante@demo.portal');
});
afterAll(() => t.close());

/** Bytes that are not UTF-8: a broken pair, an overlong '/', a lone 0xFF. */
const INVALID = {
  'C3 28': Buffer.from([0xc3, 0x28]),
  'C0 AF (overlong)': Buffer.from([0xc0, 0xaf]),
  'FF (lone)': Buffer.from([0xff]),
};
/** A JSON body whose `q` holds `bytes`. */
const jsonWith = (bytes: Buffer) => Buffer.concat([Buffer.from('{"q":"UC'), bytes, Buffer.from('"}')]);

const postJson = (url: string, payload: Buffer, contentType = 'application/json', auth = true) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(auth ? bearer(token) : {}) },
  });

describe('a body that is not valid UTF-8 is refused with 400', () => {
  it.each(Object.entries(INVALID))('JSON with %s: 400 in Portuguese, signed in or not', async (_, bytes) => {
    for (const [url, auth] of [
      ['/api/novas-unidades/list', true],
      ['/api/login', false],
    ] as const) {
      const res = await postJson(url, jsonWith(bytes), 'application/json', auth);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 1, msg: 'O corpo da requisição não está em UTF-8 válido.' });
    }
  });

  it.each(['latin1', 'ISO-8859-1', 'utf-16', 'windows-1252'])(
    'JSON declaring charset=%s is refused with 400, even when its bytes would read',
    async (charset) => {
      const res = await postJson(
        '/api/novas-unidades/list',
        Buffer.from('{"q":"UC"}'),
        `application/json; charset=${charset}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 1,
        msg: 'O corpo da requisição precisa estar em UTF-8 (charset=utf-8).',
      });
    },
  );

  it('charset=utf-8 (any case, quoted) and no charset are read as before', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset="UTF-8"',
    ])
      expect(
        (await postJson('/api/novas-unidades/list', Buffer.from('{"q":"Ação"}'), type)).statusCode,
        type,
      ).toBe(200);
  });

  it.each(Object.entries(INVALID))(
    'the multipart "dados" part with %s: 400, nothing saved',
    async (_, bytes) => {
      const rest = await newUnitPayload(t.app, { unidade: 'UCUTF8' });
      const boundary = '----utf8';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n`),
        Buffer.from('{"observacao":"obs'),
        bytes,
        Buffer.from('",'),
        Buffer.from(JSON.stringify(rest).slice(1)),
        Buffer.from(
          `\r\n--${boundary}\r\nContent-Disposition: form-data; name="nome"\r\n\r\nok\r\n--${boundary}--\r\n`,
        ),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/novas-unidades/add',
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 1,
        msg: 'A parte "dados" não está em UTF-8 válido.',
        campo: 'dados',
      });
      const list = await postJson('/api/novas-unidades/list', Buffer.from('{"q":"UCUTF8"}'));
      expect(list.json().total).toBe(0);
    },
  );
});
