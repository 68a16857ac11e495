import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { fieldLabel } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anexos,
  concessionarias,
  empresas,
  historicoObservacoes,
  regionais,
  regularizacoes,
  solicitacoes,
  statusRotulos,
  usuarios,
} from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, newUnitPayload } from '../support/requests.ts';
import { csvObjects, parseCsv } from '../support/csv.ts';
import { readXlsx } from './support.ts';

/** Hostile: what the files hold — formulas, control characters, long cells, odd dates, links. */
const PYTHON = '/usr/bin/python3';
/** Reads every cell of the first sheet with openpyxl, and says whether the sheet xml has formulas. */
const READER = `
import json, sys, zipfile, openpyxl, datetime
z = zipfile.ZipFile(sys.argv[1])
xml = "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.startswith("xl/worksheets/"))
book = openpyxl.load_workbook(sys.argv[1])
sheet = book.worksheets[0]
rows = []
for r in sheet.iter_rows():
    rows.append([{"t": type(c.value).__name__, "v": (c.value.isoformat() if isinstance(c.value, (datetime.datetime, datetime.date)) else c.value), "l": (c.hyperlink.target if c.hyperlink else None)} for c in r])
print(json.dumps({"formulas": ("<f>" in xml) or ("<f " in xml), "rows": rows}))
`;
type Cell = { t: string; v: unknown; l: string | null };

let t: TestApp;
let dir: string;
const tokens: Record<string, string> = {};
let evil: number;
let plain: number;
let ctrlPayload: Record<string, unknown>;
const FORMULAS = ['=1+1', '+1+1', '-1+1', '@SUM(1,1)', '\t=1+1', '\r=1+1', "=cmd|' /C calc'!A0"];
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'hostile-xlsx-'));
  for (const who of ['celula', 'solicitante', 'admin'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  const res = await call(
    t.app,
    tokens.solicitante!,
    '/api/novas-unidades/add',
    await newUnitPayload(t.app, {
      endereco_id: 'EVIL1',
      endereco: '=HYPERLINK("http://mal.example","x")',
      bairro: '+55 11 9999',
      complemento: '-2+3',
      numero: '@SUM(1)',
      observacao: '=1+1',
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  evil = res.json().dados.id;
  const res2 = await call(
    t.app,
    tokens.solicitante!,
    '/api/novas-unidades/add',
    await newUnitPayload(t.app, { endereco_id: 'PLAIN1' }),
  );
  expect(res2.statusCode, res2.body).toBe(200);
  plain = res2.json().dados.id;
  ctrlPayload = await newUnitPayload(t.app, {
    endereco_id: 'CTRL1',
    complemento: 'a\u0001b\u000bc\u001bd',
    bairro: 'x\uffffy\ufffez',
    unidade: 'UCCTRL1',
    observacao: 'obs\u0002\u0008fim',
  });
  // What others wrote: a company name, a requester name, a concessionaire, a regional, observers.
  const [req] = await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, evil));
  // A meter number stored before identifiers were restricted (the API refuses it now; 0015 reports it).
  await t.app.db.update(solicitacoes).set({ numeroMedidor: '\t=1+1' }).where(eq(solicitacoes.id, evil));
  await t.app.db
    .update(empresas)
    .set({ razaoSocial: '=2+5 Empresa' })
    .where(eq(empresas.id, req!.idEmpresa!));
  await t.app.db
    .update(usuarios)
    .set({ name: '@Sofia', telefone: '+5531991000007' })
    .where(eq(usuarios.id, req!.idUsuario));
  await t.app.db
    .update(concessionarias)
    .set({ nome: '-Enel' })
    .where(eq(concessionarias.id, req!.idConcessionaria!));
  for (const [i, text] of FORMULAS.entries())
    await t.app.db
      .insert(historicoObservacoes)
      .values({ idSolicitacao: evil, nome: i === 0 ? '=Nome' : 'Célula', obs: text });
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
const post = (who: string, url: string, body: unknown) => call(t.app, tokens[who]!, url, body);

async function openpyxl(body: Buffer): Promise<{ formulas: boolean; rows: Cell[][] }> {
  const file = path.join(dir, `f${Math.random().toString(36).slice(2)}.xlsx`);
  await writeFile(file, body);
  const run = await promisify(execFile)(PYTHON, ['-c', READER, file], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(run.stdout);
}

const DANGEROUS = /^[=+\-@\t\r]/;

describe('hostile: formulas in csv cells', () => {
  it('no csv cell of the request report starts with = + - @ tab or CR (every column, not only text ones)', async () => {
    const res = await get('celula', '/api/novas-unidades/relatorio/exportar?formato=csv&q=EVIL1');
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.rawPayload.toString('utf8'));
    expect(rows).toHaveLength(2);
    const bad = rows.flatMap((r, i) =>
      r.filter((c) => DANGEROUS.test(c)).map((c) => `${i}:${JSON.stringify(c)}`),
    );
    expect(bad).toEqual([]);
    const row = csvObjects(res.rawPayload.toString('utf8'))[0]!;
    expect(row[fieldLabel('endereco')]).toBe('\'=HYPERLINK("http://mal.example","x")');
    expect(row.Empresa).toBe("'=2+5 Empresa");
    expect(row.Solicitante).toBe("'@Sofia");
  });

  it('the regularization csv, with formulas in every text column the base can bring', async () => {
    const [one] = await t.app.db
      .select()
      .from(regularizacoes)
      .where(eq(regularizacoes.fluxo, 'energia'))
      .limit(1);
    await t.app.db
      .update(regularizacoes)
      .set({
        enderecoId: 'EVILREG',
        siteId: '=1',
        cidade: '+1',
        endereco: '-1',
        numero: '@1',
        complemento: '\t=1',
        bairro: '\r=1',
        sigla: '=S',
        idConcessionaria: null,
        unidade: '=U',
        numeroMedidor: '=M',
        tipoTensao: '=T',
        razaoSocialFatura: '=R',
        cnpjFatura: '=1+2',
        razaoSocialCorreta: '+R',
        cnpjCorreto: '=1+2+3+4+5+6+',
        novaUnidade: '@N',
        urlFatura: '=HYPERLINK("http://x")',
      })
      .where(eq(regularizacoes.id, one!.id));
    const res = await get('celula', '/api/consolidacao/relatorio/exportar?formato=csv&q=EVILREG');
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.rawPayload.toString('utf8'));
    expect(rows).toHaveLength(2);
    const bad = rows[1]!.filter((c) => DANGEROUS.test(c));
    expect(bad).toEqual([]);
    // Every column kept its place: the csv has exactly the header's number of cells.
    expect(rows[1]!.length).toBe(rows[0]!.length);
  });

  it('an administrator-renamed status label is text in the headers and the status column', async () => {
    await t.app.db
      .insert(statusRotulos)
      .values({ fluxo: 'energia', tipo: 'nova', codigo: 0, rotulo: '=HYPERLINK("http://mal")' } as never)
      .onConflictDoUpdate({
        target: [statusRotulos.fluxo, statusRotulos.tipo, statusRotulos.codigo],
        set: { rotulo: '=HYPERLINK("http://mal")' },
      });
    const res = await get('celula', '/api/novas-unidades/relatorio/exportar?formato=csv&q=PLAIN1');
    const rows = parseCsv(res.rawPayload.toString('utf8'));
    for (const r of rows) expect(r.filter((c) => DANGEROUS.test(c))).toEqual([]);
    const admin = await get('admin', '/api/status-rotulos/list/exportar?formato=csv&fluxo=energia&tipo=nova');
    expect(admin.statusCode).toBe(200);
    for (const r of parseCsv(admin.rawPayload.toString('utf8')))
      expect(r.filter((c) => DANGEROUS.test(c))).toEqual([]);
  });

  it('the administration csv exports: names, companies, regionals, concessionaires start with no formula', async () => {
    await t.app.db
      .update(regionais)
      .set({ gestor: '=G', emailGestor: '+E' } as never)
      .where(eq(regionais.id, 7));
    for (const p of ['usuarios', 'empresas', 'regional', 'concessionarias', 'grupos']) {
      const res = await get('admin', `/api/${p}/list/exportar?formato=csv`);
      expect(res.statusCode, p).toBe(200);
      const bad = parseCsv(res.rawPayload.toString('utf8')).flatMap((r) =>
        r.filter((c) => DANGEROUS.test(c)),
      );
      expect(bad, p).toEqual([]);
    }
  });
});

describe('hostile: the xlsx in an independent reader', () => {
  it('formulas written by users are strings, never <f> formulas, and the file opens', async () => {
    const res = await get('celula', '/api/novas-unidades/relatorio/exportar?q=EVIL1');
    expect(res.statusCode, res.body).toBe(200);
    const read = await openpyxl(res.rawPayload);
    expect(read.formulas).toBe(false);
    const [header, row] = read.rows;
    const at = (name: string) => row![header!.findIndex((c) => c.v === name)]!;
    expect(at(fieldLabel('endereco'))).toMatchObject({ t: 'str', v: '=HYPERLINK("http://mal.example","x")' });
    expect(at('Empresa').t).toBe('str');
  });

  it('C0 control characters a user may type (\\u0001, \\u000b, \\u001b) do not break the file', async () => {
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/add', {
      ...ctrlPayload,
      bairro: 'Bela Vista',
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = await get('celula', '/api/novas-unidades/relatorio/exportar?q=CTRL1');
    expect(file.statusCode).toBe(200);
    const read = await openpyxl(file.rawPayload);
    expect(read.rows).toHaveLength(2);
  });

  it('the noncharacters U+FFFE / U+FFFF a user may type do not break the file', async () => {
    const res = await call(t.app, tokens.solicitante!, '/api/novas-unidades/add', {
      ...ctrlPayload,
      endereco_id: 'CTRL2',
      unidade: 'UCCTRL2',
      complemento: 'Torre B',
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = await get('celula', '/api/novas-unidades/relatorio/exportar?q=CTRL2');
    expect(file.statusCode).toBe(200);
    const read = await openpyxl(file.rawPayload).catch((err: Error) => ({
      rows: [],
      error: err.message.slice(-200),
    }));
    expect(read).not.toHaveProperty('error');
    expect(read.rows).toHaveLength(2);
  });

  it('no xlsx cell is longer than the 32,767 characters a spreadsheet cell holds', async () => {
    for (let i = 0; i < 40; i++)
      await t.app.db
        .insert(historicoObservacoes)
        .values({ idSolicitacao: plain, nome: 'Célula', obs: `${i} ${'x'.repeat(1990)}` });
    const page = await post('celula', '/api/novas-unidades/relatorio', { q: 'PLAIN1' });
    expect(page.json().dados[0].historico_string.length).toBeGreaterThan(32_767);
    const file = await get('celula', '/api/novas-unidades/relatorio/exportar?q=PLAIN1');
    const read = await openpyxl(file.rawPayload);
    const longest = Math.max(...read.rows.flat().map((c) => (typeof c.v === 'string' ? c.v.length : 0)));
    expect(longest).toBeLessThanOrEqual(32_767);
  });

  it('a date before 1900 keeps its year (0099-12-31 is not 1999-12-31)', async () => {
    await t.app.db.update(solicitacoes).set({ dataAtivacao: '0099-12-31' }).where(eq(solicitacoes.id, plain));
    const page = await post('celula', '/api/novas-unidades/relatorio', { q: 'PLAIN1' });
    expect(page.json().dados[0].data_ativacao).toBe('0099-12-31');
    const file = await get('celula', '/api/novas-unidades/relatorio/exportar?q=PLAIN1');
    const { rows } = await readXlsx(file.rawPayload);
    const cell = rows[0]![fieldLabel('data_ativacao')];
    const shown = cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);
    expect(shown).not.toContain('1999');
    expect(shown).toMatch(/0099|31\/12\/0099/);
    const csv = await get('celula', '/api/novas-unidades/relatorio/exportar?q=PLAIN1&formato=csv');
    expect(csvObjects(csv.rawPayload.toString('utf8'))[0]![fieldLabel('data_ativacao')]).toBe('31/12/0099');
  });

  it('a regularization url with quotes and spaces opens; only http(s) is a link', async () => {
    const [one] = await t.app.db
      .select()
      .from(regularizacoes)
      .where(eq(regularizacoes.fluxo, 'energia'))
      .limit(1);
    await t.app.db
      .update(regularizacoes)
      .set({ enderecoId: 'URLREG', urlFatura: 'https://x.example/a b"c<d>&e' })
      .where(eq(regularizacoes.id, one!.id));
    const file = await get('celula', '/api/consolidacao/relatorio/exportar?q=URLREG');
    expect(file.statusCode).toBe(200);
    const read = await openpyxl(file.rawPayload);
    expect(read.rows).toHaveLength(2);
    const links = read.rows[1]!.map((c) => c.l).filter(Boolean);
    expect(links.some((l) => l!.startsWith('https://x.example/'))).toBe(true);
    for (const l of links) expect(l).toMatch(/^(https?:\/\/)/);
  });

  it('an empty filter gives a file with the header only that opens, in both formats', async () => {
    for (const p of [
      'novas-unidades',
      'unidades',
      'consolidacao',
      'agua/novas-unidades',
      'agua/unidades',
      'agua/consolidacao',
    ]) {
      const file = await get('celula', `/api/${p}/relatorio/exportar?status=999`);
      expect(file.statusCode, p).toBe(200);
      const read = await openpyxl(file.rawPayload);
      expect(read.rows, p).toHaveLength(1);
      const csv = await get('celula', `/api/${p}/relatorio/exportar?status=999&formato=csv`);
      expect(parseCsv(csv.rawPayload.toString('utf8')), p).toHaveLength(1);
    }
  });

  it('a deleted attachment leaves no link behind', async () => {
    const [u] = await t.app.db.select({ id: usuarios.id }).from(usuarios).limit(1);
    const [file] = await t.app.db
      .insert(anexos)
      .values({
        idSolicitacao: plain,
        tipo: 'complementar',
        nomeArquivo: 'x.pdf',
        storageKey: 'k',
        tamanho: 1,
        mime: 'application/pdf',
        idUsuario: u!.id,
      })
      .returning();
    const before = (await post('celula', '/api/novas-unidades/relatorio', { q: 'PLAIN1' })).json().dados[0];
    expect(before.complementar).toBe(`/api/arquivos/${file!.id}`);
    await t.app.db.delete(anexos).where(eq(anexos.id, file!.id));
    const after = (await post('celula', '/api/novas-unidades/relatorio', { q: 'PLAIN1' })).json().dados[0];
    expect(after.complementar ?? null).toBeNull();
  });
});
