import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anexos, historicoStatus, regularizacoes, solicitacoes, usuarios } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';

/**
 * Issue 13: the six reports (spec part 2 §2.10, §3, §7). The calls page on the server within the
 * session's scope; the export streams exactly the rows of the same filters.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
/** Requests of this test: 6 in TSP (7), 2 in TRJ (5), all with the endereço id prefix REL. */
const mine: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'celula', 'amee', 'regional', 'tower', 'solicitante', 'property'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  for (let i = 0; i < 8; i++) {
    const payload = await newUnitPayload(t.app, {
      endereco_id: `REL${i}`,
      unidade: `RELUC${i}`,
      cep: i === 0 ? '20040-020' : '01310-100',
      observacao: i === 1 ? '=HYPERLINK("http://mal.example")' : `Pedido ${i}`,
    });
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/add', payload);
    expect(res.statusCode, res.body).toBe(200);
    mine.push(res.json().dados.id);
  }
  await t.app.db
    .update(solicitacoes)
    .set({ regional: 5 })
    .where(inArray(solicitacoes.id, mine.slice(0, 2)));
});
afterAll(() => t.close());

const report = (who: string, body: Record<string, unknown> = {}, path = 'novas-unidades/relatorio') =>
  call(t.app, tokens[who]!, `/api/${path}`, body);
const exportOf = (who: string, query: string, path = 'novas-unidades/relatorio') =>
  t.app.inject({ method: 'GET', url: `/api/${path}/exportar?${query}`, headers: bearer(tokens[who]!) });
const idsOf = (res: { json: () => { dados: { id: number }[] } }) => res.json().dados.map((r) => r.id);

async function readSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

describe('relatório: who reads it and what it holds', () => {
  it('pages on the server (default 10, sizes 5/10/25/50) and answers the filters total', async () => {
    const all = await report('celula', { per_page: 50 });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().error).toBe(0);
    expect(all.json().total).toBeGreaterThanOrEqual(8);
    expect((await report('celula')).json().dados.length).toBeLessThanOrEqual(10);
    expect((await report('celula', { per_page: 5 })).json().dados).toHaveLength(5);
    expect((await report('celula', { per_page: 1000 })).statusCode).toBe(422);
  });

  it('the regionals read their own regionals rows (part 2 §2.10), never another regional', async () => {
    const res = await report('regional', { q: 'REL0' });
    expect(res.json().total).toBe(0); // REL0 is in TRJ; the regional is TSP
    const own = await report('regional', { per_page: 50 });
    const regionals = new Set(own.json().dados.map((r: { regional: string }) => r.regional));
    expect([...regionals]).toEqual(['TSP - São Paulo']);
  });

  it('a scope sent in the body changes nothing', async () => {
    const forged = await report('regional', {
      id_regional: 5,
      regionais: [5],
      id_empresa: 1,
      id_grupo: 22845207,
      q: 'REL0',
    });
    expect(forged.json().total).toBe(0);
  });

  it('who has no report menu entry is refused (403), whatever the report', async () => {
    for (const who of ['solicitante', 'tower', 'property'])
      for (const path of [
        'novas-unidades/relatorio',
        'unidades/relatorio',
        'consolidacao/relatorio',
        'agua/novas-unidades/relatorio',
      ]) {
        expect((await report(who, {}, path)).statusCode, `${who} ${path}`).toBe(403);
        expect((await exportOf(who, '', path)).statusCode, `${who} ${path} exportar`).toBe(403);
      }
  });

  it('search matches part of the postal code or the address id (issue 34; §2.10 said exact), at least 2 characters', async () => {
    expect(idsOf(await report('celula', { q: '20040-020' }))).toEqual([mine[0]]);
    expect(idsOf(await report('celula', { q: 'rel3' }))).toEqual([mine[3]]);
    expect(idsOf(await report('celula', { q: 'REL', per_page: 50 }))).toEqual(expect.arrayContaining(mine));
  });

  it('the date range filters the request date by the day in Brasília, and is refused when reversed', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    expect((await report('celula', { q: 'REL4', de: today, ate: today })).json().total).toBe(1);
    expect((await report('celula', { q: 'REL4', de: '2000-01-01', ate: '2000-12-31' })).json().total).toBe(0);
    const reversed = await report('celula', { de: '2026-02-01', ate: '2026-01-01' });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().campo).toBe('ate');
    expect(reversed.json().msg).toMatch(/data inicial/);
    const invalid = await report('celula', { de: '31/01/2026' });
    expect(invalid.statusCode).toBeGreaterThanOrEqual(400);
    expect(invalid.json().campo).toBe('de');
  });

  it('hostile values are refused with the field named: sort column, status, types', async () => {
    expect((await report('celula', { sort: 'password_hash' })).statusCode).toBe(422);
    expect((await report('celula', { status: 'abc' })).json().campo).toBe('status');
    expect((await report('celula', { q: ['REL1'] })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await report('celula', { de: { $gt: '' } })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a row holds the §3 report row: requester, codes as labels, first date of each status, observations', async () => {
    const first = await t.app.db
      .select()
      .from(historicoStatus)
      .where(eq(historicoStatus.idSolicitacao, mine[2]!));
    // A second passage through the status keeps the first date.
    await t.app.db.insert(historicoStatus).values({
      idSolicitacao: mine[2]!,
      idUsuario: first[0]!.idUsuario,
      nome: 'Outro',
      status: first[0]!.status,
      dataCadastro: new Date(Date.now() + 86_400_000),
    });
    const [row] = (await report('celula', { q: 'REL2' })).json().dados;
    expect(row).toMatchObject({
      id: mine[2],
      name: expect.any(String),
      razao_social: expect.any(String),
      regional: 'TSP - São Paulo',
      cep: '01310-100',
      cidade: 'São Paulo',
      concessionaria: 'Enel Distribuição São Paulo',
      id_tensao: 'Baixa',
      tipo_site: 'ADM',
      status: first[0]!.status,
      status_atual: expect.any(String),
      observacao: 'Pedido 2',
    });
    const local = first[0]!.dataCadastro
      .toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' })
      .replace(' ', 'T');
    expect(row[`data_status_${first[0]!.status}`]).toBe(local.slice(0, 19));
    expect(row.historico_string).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} .+: Pedido 2$/);
  });
});

describe('relatório: export', () => {
  it('xlsx named per §2.10, sheet "Novas Unidades", bold frozen header with autofilter, real types', async () => {
    const res = await exportOf('celula', 'q=REL2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="novas_unidades.xlsx"');
    expect(res.headers['x-total-registros']).toBe('1');
    const workbook = await readSheet(res.rawPayload);
    const sheet = workbook.getWorksheet('Novas Unidades')!;
    expect(sheet).toBeDefined();
    expect(sheet.rowCount).toBe(2);
    const header = sheet.getRow(1);
    expect(header.font?.bold ?? header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    const headers = (header.values as unknown[]).slice(1) as string[];
    const cell = (name: string) => sheet.getRow(2).getCell(headers.indexOf(name) + 1);
    expect(cell('ID').value).toBe(mine[2]);
    expect(cell('Data da Solicitação').value).toBeInstanceOf(Date);
    expect(cell('Data da Solicitação').numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(cell('CNPJ/CPF da UC Solicitada').value).toBe('48.392.015/0001-79');
    expect(cell('Tipo do Site').value).toBe('ADM');
  });

  it('exports exactly the rows of the filter and the scope', async () => {
    const res = await exportOf('regional', 'per_page=5&page=1');
    const sheet = (await readSheet(res.rawPayload)).getWorksheet('Novas Unidades')!;
    const total = (await report('regional')).json().total;
    expect(sheet.rowCount - 1).toBe(total);
    expect(res.headers['x-total-registros']).toBe(String(total));
    const ids = sheet.getColumn(1).values.slice(2);
    expect(ids).not.toContain(mine[0]); // TRJ
    expect(ids).not.toContain(mine[1]);
  });

  it('csv: UTF-8 with BOM, ";" separated, a formula written by a user is text', async () => {
    const res = await exportOf('celula', 'q=REL1&formato=csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="novas_unidades.csv"');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFID;Solicitante;')).toBe(true);
    const [, line] = text.split('\r\n');
    expect(line).toContain(';"\'=HYPERLINK(""http://mal.example"")"');
    expect(line).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};/);
  });

  it('refuses a format it does not write, and an order the list would refuse', async () => {
    const res = await exportOf('celula', 'formato=pdf');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().campo).toBe('formato');
    expect((await exportOf('celula', 'sort=password_hash')).json().campo).toBe('sort');
    expect((await exportOf('celula', 'sort=constructor', 'consolidacao/relatorio')).statusCode).toBe(422);
  });

  it('reads in batches that continue after the last row: no row twice, none missing', async () => {
    const { insertSyntheticRequests } = await import('../support/synthetic-requests.ts');
    await insertSyntheticRequests(t.app.db, 2_500);
    const res = await exportOf('celula', 'formato=csv');
    const lines = res.rawPayload.toString('utf8').trim().split('\r\n').slice(1);
    const ids = lines.map((l) => Number(l.split(';')[0]));
    const total = (await report('celula')).json().total;
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(res.headers['content-length']).toBeUndefined(); // streamed, not buffered
  });
});

describe("a list's Exportar (issue 13)", () => {
  const listExport = (who: string, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/novas-unidades/list/exportar?${query}`,
      headers: bearer(tokens[who]!),
    });
  const exportedIds = (res: { rawPayload: Buffer }) =>
    res.rawPayload
      .toString('utf8')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => Number(l.split(';')[0]));

  it("exports the list's own filter (its prefix search) as the form's report, within the scope", async () => {
    const res = await listExport('celula', 'q=rel&formato=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="novas_unidades.csv"');
    expect(exportedIds(res).sort()).toEqual([...mine].sort());
    const regional = exportedIds(await listExport('regional', 'q=rel&formato=csv'));
    expect(regional.sort()).toEqual(mine.slice(2).sort()); // not the two in TRJ
    const list = await call(t.app, tokens.regional!, '/api/novas-unidades/list', { q: 'rel', per_page: 50 });
    expect(list.json().total).toBe(regional.length);
  });

  it('what the record screen hides from a role (the cell block, its files) is empty in its file too', async () => {
    const [user] = await t.app.db.select({ id: usuarios.id }).from(usuarios).limit(1);
    await t.app.db
      .update(solicitacoes)
      .set({ protocolo: 'PROTO-CELULA' })
      .where(eq(solicitacoes.id, mine[5]!));
    await t.app.db.insert(anexos).values({
      idSolicitacao: mine[5]!,
      tipo: 'complementar',
      nomeArquivo: 'resposta.pdf',
      storageKey: '00000000-0000-4000-8000-000000000001',
      tamanho: 10,
      mime: 'application/pdf',
      idUsuario: user!.id,
    });
    const cellsOf = async (who: string) => {
      const res = await listExport(who, 'q=rel5&formato=csv');
      const [header, line] = res.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
      const names = header!.split(';');
      const values = line!.split(';');
      return (name: string) => values[names.indexOf(name)];
    };
    const requester = await cellsOf('solicitante');
    expect(requester('Protocolo')).toBe('');
    expect(requester('Anexo Complementar')).toBe('');
    expect(requester('Unidade')).toBe('RELUC5');
    const cell = await cellsOf('celula');
    expect(cell('Protocolo')).toBe('PROTO-CELULA');
    expect(cell('Anexo Complementar')).toMatch(/^http:\/\/portal\.test\/arquivo\/arquivos\/\d+$/);
    const [page] = (await report('regional', { q: 'REL5' })).json().dados;
    expect(page.protocolo).toBeNull();
  });

  it('the status filter and a forged scope: the same rows as the list', async () => {
    const ids = exportedIds(await listExport('regional', 'q=rel&formato=csv&status=999&id_regional=5'));
    expect(ids).toEqual([]);
    expect((await listExport('regional', 'sort=password_hash')).statusCode).toBe(422);
  });
});

describe('relatório de regularização', () => {
  it('28 columns, sheet "Regularização", the regional reads its own regional only', async () => {
    const all = await report('celula', { per_page: 50 }, 'consolidacao/relatorio');
    expect(all.statusCode, all.body).toBe(200);
    const total = all.json().total as number;
    expect(total).toBeGreaterThan(0);
    const [one] = await t.app.db
      .select()
      .from(regularizacoes)
      .where(eq(regularizacoes.fluxo, 'energia'))
      .limit(1);
    await t.app.db
      .update(regularizacoes)
      .set({ regional: 7, urlFatura: 'javascript:alert(1)' })
      .where(eq(regularizacoes.id, one!.id));
    const regional = await report('regional', { per_page: 50 }, 'consolidacao/relatorio');
    expect(regional.json().dados.every((r: { regional: string }) => r.regional === 'TSP - São Paulo')).toBe(
      true,
    );
    expect(regional.json().total).toBeGreaterThanOrEqual(1);

    const res = await exportOf('celula', '', 'consolidacao/relatorio');
    expect(res.headers['content-disposition']).toBe('attachment; filename="regularizacao.xlsx"');
    const sheet = (await readSheet(res.rawPayload)).getWorksheet('Regularização')!;
    expect(sheet.getRow(1).cellCount).toBe(28);
    expect(sheet.rowCount - 1).toBe(total);
    // Only an http(s) address becomes a link (§2.10).
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const urlColumn = headers.indexOf('Fatura (endereço)') + 1;
    const values = sheet.getColumn(urlColumn).values.slice(2);
    expect(values).toContain('javascript:alert(1)');
  });

  it("the regularization list's Exportar: its own filter, for whoever opens the list", async () => {
    const list = await call(t.app, tokens.celula!, '/api/consolidacao/list', { per_page: 50, status: 0 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/consolidacao/list/exportar?status=0&formato=csv',
      headers: bearer(tokens.celula!),
    });
    expect(res.headers['content-disposition']).toBe('attachment; filename="regularizacao.csv"');
    expect(res.rawPayload.toString('utf8').trim().split('\r\n')).toHaveLength(list.json().total + 1);
    const regional = await t.app.inject({
      method: 'GET',
      url: '/api/consolidacao/list/exportar',
      headers: bearer(tokens.regional!),
    });
    expect(regional.statusCode).toBe(403); // the list is the cell's and the provider's
  });

  it('filters by divergence type and refuses one that does not exist', async () => {
    const byType = await report('celula', { tipo_divergencia: 1, per_page: 50 }, 'consolidacao/relatorio');
    expect(
      byType
        .json()
        .dados.every((r: { tipo_divergencia: string }) => r.tipo_divergencia === 'CNPJ Diverge da UF'),
    ).toBe(true);
    expect(
      (await report('celula', { tipo_divergencia: 9 }, 'consolidacao/relatorio')).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});
