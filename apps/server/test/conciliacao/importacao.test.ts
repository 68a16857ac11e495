import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_COMPANY_NAME } from '@portal/domain/reconciliation';
import { clientCnpjForUf } from '@portal/domain';
import {
  auditLog,
  baseProvedor,
  importacoesBase,
  regularizacaoStatus,
  regularizacoes,
} from '../../src/db/schema.ts';
import { bearer, createTestApp, login, runQueue, type TestApp } from '../support/test-app.ts';
import { importThroughQueue, listedRuns, storedKeys, uploadBase } from './support.ts';

/**
 * Issue 11 items 1–2: the provider's base export is read, checked row by row, applied all or
 * nothing, and every unit's invoice holder judged: divergences open regularizations, fixed
 * units close theirs, with a history entry by the system.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'celula', 'amee', 'regional', 'solicitante', 'consulta'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
});
afterAll(() => t.close());

const SP = clientCnpjForUf('SP')!;
const RJ = clientCnpjForUf('RJ')!;
const HEADER = 'UC;Concessionária;Razão Social Fatura;CNPJ Fatura;UF;Regional;Ativa';
const line = (uc: string, rz = CLIENT_COMPANY_NAME, cnpj = SP, uf = 'SP', concessionaria = 'ENEL SP') =>
  `${uc};${concessionaria};${rz};${cnpj};${uf};TSP;Sim`;

const upload = (who: string, content: Buffer | string, options?: Parameters<typeof uploadBase>[3]) =>
  uploadBase(t.app, tokens[who]!, content, options);
/** Sent, queued and applied by the queue: the run as the list shows it. */
const imported = (who: string, content: Buffer | string, options?: Parameters<typeof uploadBase>[3]) =>
  importThroughQueue(t.app, tokens[who]!, content, options);

const baseRow = async (uc: string) =>
  (
    await t.app.db
      .select()
      .from(baseProvedor)
      .where(and(eq(baseProvedor.fluxo, 'energia'), eq(baseProvedor.uc, uc)))
  )[0];
const openRecord = async (uc: string) =>
  (
    await t.app.db
      .select()
      .from(regularizacoes)
      .where(and(eq(regularizacoes.unidade, uc), sql`coalesce(${regularizacoes.status}, 0) < 4`))
  )[0];
const baseCount = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(baseProvedor))[0]!.n;
const runCount = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(importacoesBase))[0]!.n;

describe('importing the provider base', () => {
  it('applies the valid rows, reports the rejected ones with their reason and keeps the run', async () => {
    const csv = [
      HEADER,
      line('IMP-0001'),
      line('IMP-0002'),
      'IMP-0003;Luz do Norte;X;11.111.111/1111-11;SP;TSP;Sim',
    ].join('\r\n');
    const run = await imported('amee', csv);
    expect(run).toMatchObject({
      situacao: 'aplicada',
      linhas_lidas: 3,
      linhas_aceitas: 2,
      linhas_rejeitadas: 1,
      erro: null,
    });
    expect(await baseRow('IMP-0001')).toMatchObject({
      concessionaria: 'Enel Distribuição São Paulo',
      cnpjFatura: SP,
      estado: 'SP',
      ativa: true,
    });

    const rejected = await t.app.inject({
      method: 'GET',
      url: run.rejeitadas_url!,
      headers: bearer(tokens.amee!),
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(rejected.body).toContain(
      '4;IMP-0003;Luz do Norte;"Concessionária ""Luz do Norte"" não cadastrada para energia',
    );
    expect(rejected.body).toContain('CNPJ Fatura inválido.');

    expect((await listedRuns(t.app, tokens.celula!))[0]).toMatchObject({
      nome_arquivo: 'base.csv',
      usuario: expect.any(String),
      linhas_rejeitadas: 1,
    });
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.acao, 'importar-base'));
    expect(audit).toBeDefined();
  });

  it("opens a type 1 divergence when the invoice CNPJ is not the client's for the UF, and a type 2 when the name differs", async () => {
    const csv = [
      HEADER,
      line('DIV-0001', CLIENT_COMPANY_NAME, RJ),
      line('DIV-0002', 'Torres Brasil S.A.'),
    ].join('\n');
    const run = await imported('celula', csv);
    expect(run).toMatchObject({ divergencias_abertas: 2, divergencias_fechadas: 0 });
    const first = await openRecord('DIV-0001');
    expect(first).toMatchObject({
      tipoDivergencia: 1,
      status: 0,
      cnpjFatura: RJ,
      cnpjTim: SP,
      uf: 'SP',
      sigla: 'Enel Distribuição São Paulo',
    });
    expect(first!.idCon).toBe((await baseRow('DIV-0001'))!.id);
    expect(first!.idImportacao).toBe(run.id);
    expect(await openRecord('DIV-0002')).toMatchObject({
      tipoDivergencia: 2,
      razaoSocialFatura: 'Torres Brasil S.A.',
    });
  });

  it('never opens a second record for a unit that still has one open', async () => {
    const run = await imported('celula', [HEADER, line('DIV-0001', CLIENT_COMPANY_NAME, RJ)].join('\n'));
    expect(run.divergencias_abertas).toBe(0);
    const records = await t.app.db
      .select()
      .from(regularizacoes)
      .where(eq(regularizacoes.unidade, 'DIV-0001'));
    expect(records).toHaveLength(1);
  });

  it('closes at 4 with a history entry by the system when a later import shows the divergence fixed', async () => {
    const { id } = (await openRecord('DIV-0002'))!;
    const run = await imported('amee', [HEADER, line('DIV-0002', 'OPERADORA TELECOM BRASIL S/A')].join('\n'));
    expect(run).toMatchObject({ divergencias_abertas: 0, divergencias_fechadas: 1 });
    const [record] = await t.app.db.select().from(regularizacoes).where(eq(regularizacoes.id, id));
    expect(record!.status).toBe(4);
    const history = await t.app.db
      .select()
      .from(regularizacaoStatus)
      .where(eq(regularizacaoStatus.idRegularizacao, id));
    expect(history.map((h) => [h.nome, h.status, h.idUsuario])).toEqual([
      ['Sistema', 0, null],
      ['Sistema', 4, null],
    ]);
  });

  it('re-importing a unit updates its row instead of adding one (keyed by unit and concessionaire)', async () => {
    const before = await baseCount();
    await imported(
      'amee',
      [HEADER, 'IMP-0001;Enel SP;Operadora Telecom Brasil S.A.;' + SP + ';SP;TSP;Não'].join('\n'),
    );
    expect(await baseCount()).toBe(before);
    expect((await baseRow('IMP-0001'))!.ativa).toBe(false);
  });

  it('a unit the export repeats unchanged is left as it was; a changed one takes the new run', async () => {
    await imported('amee', [HEADER, line('REP-0001'), line('REP-0002')].join('\n'));
    const unchanged = await baseRow('REP-0001');
    const run = await imported(
      'amee',
      [HEADER, line('REP-0001'), line('REP-0002', 'Outra Razão S.A.')].join('\n'),
    );
    expect(run.situacao).toBe('aplicada');
    expect(await baseRow('REP-0001')).toEqual(unchanged);
    expect(await baseRow('REP-0002')).toMatchObject({ rzSocial: 'Outra Razão S.A.', idImportacao: run.id });
    // Unchanged or not, every unit of the file is judged: REP-0002 is now divergent.
    expect(await openRecord('REP-0002')).toMatchObject({ tipoDivergencia: 2 });
  });

  it('reports a repeated row as rejected and applies the first', async () => {
    const run = await imported('amee', [HEADER, line('REP-0001'), line('REP-0001', 'Outro Nome')].join('\n'));
    expect(run).toMatchObject({ linhas_aceitas: 1, linhas_rejeitadas: 1 });
    const rejected = await t.app.inject({
      method: 'GET',
      url: run.rejeitadas_url!,
      headers: bearer(tokens.amee!),
    });
    expect(rejected.body).toContain(
      '3;REP-0001;Enel Distribuição São Paulo;Linha repetida: mesma UC e concessionária da linha 2.',
    );
    expect((await baseRow('REP-0001'))!.rzSocial).toBe(CLIENT_COMPANY_NAME);
  });

  it("reads an xlsx's first sheet: shared strings, numbers and rich text as the cells show them", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Base');
    sheet.addRow(HEADER.split(';'));
    sheet.addRow(['XLSX-0001', 'ENEL SP', CLIENT_COMPANY_NAME, SP, 'SP', 'TSP', 'Sim']);
    sheet.addRow([
      4400012345,
      'ENEL SP',
      { richText: [{ text: 'Operadora Telecom ' }, { text: 'Brasil S.A.', font: { bold: true } }] },
      SP,
      'SP',
      'TSP',
      'Sim',
    ]);
    book.addWorksheet('Outra').addRow(['ignorada']);
    const run = await imported('amee', Buffer.from(await book.xlsx.writeBuffer()), { filename: 'base.xlsx' });
    expect(run).toMatchObject({ situacao: 'aplicada', linhas_lidas: 2, linhas_aceitas: 2 });
    expect(await baseRow('XLSX-0001')).toMatchObject({ rzSocial: CLIENT_COMPANY_NAME, cnpjFatura: SP });
    expect(await baseRow('4400012345')).toMatchObject({ rzSocial: 'Operadora Telecom Brasil S.A.' });
  });

  it('reads Windows-1252 text and comma-separated files', async () => {
    const latin1 = Buffer.from(
      [HEADER.replaceAll(';', ','), line('ACENTO-1', 'Operadora Telecom Brasil S.A.').replaceAll(';', ',')]
        .join('\n')
        .replace('Concessionária', 'Concessionária'),
      'latin1',
    );
    const run = await imported('amee', latin1);
    expect(run).toMatchObject({ situacao: 'aplicada', linhas_aceitas: 1 });
  });
});

describe('the sample file users are given (docs/amostra-base-provedor.csv)', () => {
  it('imports as the README says: 5 rows applied, 2 rejected, one divergence of each type opened', async () => {
    const sample = await readFile(new URL('../../../../docs/amostra-base-provedor.csv', import.meta.url));
    const run = await imported('amee', sample, { filename: 'amostra-base-provedor.csv' });
    expect(run).toMatchObject({
      situacao: 'aplicada',
      linhas_aceitas: 5,
      linhas_rejeitadas: 2,
      divergencias_abertas: 2,
    });
    expect(await openRecord('7000000002')).toMatchObject({ tipoDivergencia: 1 });
    expect(await openRecord('7000000003')).toMatchObject({ tipoDivergencia: 2 });
  });
});

describe('a file refused as it arrives is neither kept nor queued', () => {
  const refusedAtOnce = async (content: Buffer | string, message: string) => {
    const [runsBefore, filesBefore] = [await runCount(), await storedKeys(t.app)];
    const res = await upload('amee', content);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ error: 1, msg: message, campo: 'arquivo' });
    expect(await runCount()).toBe(runsBefore);
    expect(await storedKeys(t.app)).toEqual(filesBefore);
  };

  it('a missing column, named', () =>
    refusedAtOnce(
      'UC;Concessionária;Razão Social;UF\nX;Enel SP;Y;SP',
      'Falta a coluna "CNPJ Fatura" no arquivo. Confira a primeira linha (cabeçalho).',
    ));
  it('an empty file', () => refusedAtOnce('', 'O arquivo está vazio.'));
  it('an old .xls', () =>
    refusedAtOnce(
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]),
      'Planilhas .xls antigas não são lidas: salve o arquivo como .xlsx ou .csv.',
    ));
});

describe('a file the queue refuses changes nothing, and is not tried again', () => {
  const refusedByQueue = async (content: Buffer | string, message: RegExp) => {
    const before = await baseCount();
    const run = await imported('amee', content);
    expect(run).toMatchObject({
      situacao: 'falhou',
      erro: expect.stringMatching(message),
      rejeitadas_url: null,
    });
    expect(await baseCount()).toBe(before);
    expect(await runQueue(t.app)).toEqual({ claimed: 0, failed: 0 });
  };

  it('a header and no rows', () => refusedByQueue(HEADER, /só tem o cabeçalho/));
  it('an xlsx that is not one', () =>
    refusedByQueue(
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
      /não é uma planilha .xlsx válida/,
    ));
});

describe('who may import', () => {
  it('a group without the screen gets 403 before the file is read', async () => {
    for (const who of ['regional', 'solicitante']) {
      const res = await upload(who, [HEADER, line('NEGADO-1')].join('\n'));
      expect(res.statusCode).toBe(403);
    }
    expect(await baseRow('NEGADO-1')).toBeUndefined();
  });

  it('a flow that is not energia or agua is refused naming the field', async () => {
    const res = await upload('amee', HEADER, { fluxo: 'gas' });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toMatch(/Fluxo/);
  });

  it('a body that is not multipart is refused in Portuguese', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/conciliacao/importar?fluxo=energia',
      payload: { arquivo: 'x' },
      headers: bearer(tokens.amee!),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('the preview', () => {
  it('maps the columns and judges the first rows without writing anything', async () => {
    const before = await baseCount();
    const res = await upload(
      'celula',
      [HEADER + ';Obs', line('PREV-1') + ';x', 'PREV-2;Enel SP;Y;123;SP;TSP;Sim;'].join('\n'),
      { path: 'previa' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { colunas, problema, linhas } = res.json().dados;
    expect(problema).toBeNull();
    expect(colunas.at(-1)).toEqual({ cabecalho: 'Obs', campo: null });
    expect(colunas[3]).toEqual({ cabecalho: 'CNPJ Fatura', campo: 'CNPJ Fatura' });
    expect(linhas[0].motivos).toEqual([]);
    expect(linhas[1].motivos).toEqual(['CNPJ Fatura inválido.']);
    expect(await baseCount()).toBe(before);
  });
});
