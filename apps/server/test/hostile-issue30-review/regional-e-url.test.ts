import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCnpjForUf } from '@portal/domain';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { baseProvedor, concessionarias, solicitacoes } from '../../src/db/schema.ts';
import { createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload, readRequest, rioUnitPayload } from '../support/requests.ts';
import { importThroughQueue } from '../conciliacao/support.ts';

/**
 * Hostile review of issue 30: "a request's regional must serve its UF" tried on edit, on the water
 * forms and with the UF changed in the same save; "url_fatura http(s) only" tried with the
 * spellings a browser still reads as a link.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'celula', 'amee']) tokens[who] = await login(t.app, `${who}@demo.portal`);
});
afterAll(() => t.close());

const waterRio = async (overrides: Record<string, unknown> = {}) => {
  const [aguas] = await t.app.db
    .select()
    .from(concessionarias)
    .where(eq(concessionarias.nome, 'Águas do Rio'));
  const { id_tensao: _v, ...water } = await rioUnitPayload(t.app, {
    id_concessionaria: aguas!.id,
    tipo_site: 7,
  });
  return { ...water, ...overrides };
};

describe('the regional serves the UF, whatever the route', () => {
  it('a water request edited to a regional that does not serve its UF: 422 naming Regional, unchanged', async () => {
    const created = await call(
      t.app,
      tokens.solicitante!,
      '/api/agua/novas-unidades/add',
      await waterRio({ regional: 5 }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const record = await readRequest(
      t.app,
      tokens.solicitante!,
      'agua/novas-unidades',
      created.json().dados.id,
    );
    const res = await call(t.app, tokens.solicitante!, '/api/agua/novas-unidades/edit', {
      id: record.id,
      version: record.version,
      regional: 7,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ campo: 'regional', msg: 'A regional TSP não atende a UF RJ.' });
    expect((await readRequest(t.app, tokens.solicitante!, 'agua/novas-unidades', record.id)).regional).toBe(
      5,
    );
  });

  it('UF and regional changed in one save: both moved to a pair that does not match is refused', async () => {
    const created = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app),
    );
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', created.json().dados.id);
    const rio = await rioUnitPayload(t.app);
    const move = {
      id: record.id,
      version: record.version,
      uf: 'rj',
      municipio: rio.municipio,
      cep: rio.cep,
      id_concessionaria: rio.id_concessionaria,
    };
    const wrong = await call(t.app, tokens.solicitante!, '/api/novas-unidades/edit', {
      ...move,
      regional: 6,
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json()).toMatchObject({ campo: 'regional' });
    const right = await call(t.app, tokens.solicitante!, '/api/novas-unidades/edit', {
      ...move,
      regional: '5',
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(await readRequest(t.app, tokens.solicitante!, 'novas-unidades', record.id)).toMatchObject({
      uf: 'RJ',
      regional: 5,
    });
  });

  it('a UF cleared in the same save as a regional change does not let the regional through', async () => {
    const created = await call(
      t.app,
      tokens.solicitante!,
      '/api/novas-unidades/add',
      await newUnitPayload(t.app),
    );
    const record = await readRequest(t.app, tokens.solicitante!, 'novas-unidades', created.json().dados.id);
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/edit', {
      id: record.id,
      version: record.version,
      uf: '',
      regional: 5,
    });
    expect(res.statusCode, res.body).toBe(422);
    const [row] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, record.id));
    expect(row).toMatchObject({ uf: 'SP', regional: 7 });
  });
});

describe('url_fatura: only what a browser reads as an http(s) link is kept', () => {
  const SP = clientCnpjForUf('SP')!;
  const line = (uc: string, url: string) => `${uc};ENEL SP;${CLIENT_COMPANY_NAME};${SP};SP;Sim;${url}`;
  const stored = async (uc: string) =>
    (
      await t.app.db
        .select({ url: baseProvedor.urlFatura })
        .from(baseProvedor)
        .where(and(eq(baseProvedor.fluxo, 'energia'), eq(baseProvedor.uc, uc)))
    )[0]?.url;

  it('refuses scheme tricks; keeps real http(s) addresses, even odd ones', async () => {
    const refused = [
      'https:evil.example/x',
      'https:/evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      'https:\\\\evil.example',
      'ｈｔｔｐｓ://evil.example',
      'javascript://%0Aalert(1)',
      'jav&#x09;ascript:alert(1)',
    ];
    const kept = ['HTTPS://FATURAS.EXEMPLO.COM/1', 'http://javascript:alert(1)@faturas.exemplo.com/2'];
    // Invisible format characters are dropped from every cell before the check (cleanTypedText):
    // what is stored, and linked, is the plain https address.
    const cleaned = {
      'https\u200B://faturas.exemplo.com/3': 'https://faturas.exemplo.com/3',
      'https://\u202Emoc.olpmexe/4': 'https://moc.olpmexe/4',
    };
    const csv = [
      'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF;Ativa;URL Fatura',
      ...refused.map((u, i) => line(`URLX-${i}`, u)),
      ...kept.map((u, i) => line(`URLK-${i}`, u)),
      ...Object.keys(cleaned).map((u, i) => line(`URLC-${i}`, u)),
    ].join('\r\n');
    const run = await importThroughQueue(t.app, tokens.amee!, csv);
    expect(run).toMatchObject({
      situacao: 'aplicada',
      linhas_aceitas: kept.length + 2,
      linhas_rejeitadas: refused.length,
    });
    for (const i of refused.keys()) expect(await stored(`URLX-${i}`), refused[i]).toBeUndefined();
    for (const [i, u] of kept.entries()) expect(await stored(`URLK-${i}`)).toBe(u);
    for (const [i, u] of Object.values(cleaned).entries()) expect(await stored(`URLC-${i}`)).toBe(u);
  });
});
