import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from './support/test-app.ts';

/** A local stand-in for the public postal-code service (ViaCEP's answer format). */
let stub: http.Server;
const hits: string[] = [];
let t: TestApp;
let token: string;

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    hits.push(req.url!);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/01310100/json/')
      return send(200, {
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      });
    if (req.url === '/99999999/json/') return send(200, { erro: 'true' });
    if (req.url === '/70000000/json/') return void setTimeout(() => send(200, {}), 2_000);
    return send(500, {});
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const port = (stub.address() as AddressInfo).port;
  t = await createTestApp({ cepBaseUrl: `http://127.0.0.1:${port}`, cepTimeoutMs: 300 });
  token = await login(t.app, 'solicitante@demo.portal');
});
afterAll(async () => {
  await t.close();
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('cities by UF (shipped IBGE data, works offline)', () => {
  it('lists the municipalities of a state in alphabetical order', async () => {
    const res = await get('/api/cidades/sp');
    expect(res.statusCode).toBe(200);
    const dados: string[] = res.json().dados;
    expect(dados).toHaveLength(645);
    expect(dados).toContain('São Paulo');
    expect(dados[0]).toBe('Adamantina');
    expect((await get('/api/cidades/AC')).json().dados).toContain('Rio Branco');
  });

  it('refuses an invalid UF', async () => {
    expect((await get('/api/cidades/XX')).statusCode).toBe(404);
    expect((await get('/api/cidades/SPX')).statusCode).toBe(422);
  });
});

describe('postal-code lookup through the server', () => {
  it('fills street, district, city and UF, and caches the answer', async () => {
    const first = await get('/api/cep/01310100');
    expect(first.json()).toEqual({
      error: 0,
      dados: { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
    });
    await get('/api/cep/01310100');
    expect(hits.filter((h) => h === '/01310100/json/')).toHaveLength(1);
  });

  it('an unknown CEP is a 404 telling the user to type the address', async () => {
    const res = await get('/api/cep/99999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('CEP não encontrado. Preencha o endereço manualmente.');
  });

  it('a slow or failing service degrades to manual entry (503) within the time-out', async () => {
    const started = Date.now();
    const slow = await get('/api/cep/70000000');
    expect(slow.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect((await get('/api/cep/12345678')).statusCode).toBe(503);
    expect(slow.json().msg).toMatch(/Preencha o endereço manualmente/);
  });

  it('a CEP must have 8 digits', async () => {
    const res = await get('/api/cep/0131010');
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toMatch(/CEP deve ter 8 dígitos/);
  });
});
