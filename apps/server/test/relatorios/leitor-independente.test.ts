import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { anexos, usuarios } from '../../src/db/schema.ts';
import { call, newUnitPayload } from '../support/requests.ts';

/**
 * Issue 13: the export opens in a spreadsheet reader that is not the one that wrote it: Python's
 * openpyxl (Debian's python3-openpyxl, which .ci/run installs) reads the sheet's name, the frozen
 * bold header with its filter, real dates and numbers, and the file links.
 */
const PYTHON = '/usr/bin/python3';
const READER = `
import json, sys, openpyxl
book = openpyxl.load_workbook(sys.argv[1])
sheet = book.worksheets[0]
header = [c.value for c in sheet[1]]
row = {header[i]: c for i, c in enumerate(sheet[2])}
def cell(name):
    c = row[name]
    return {"type": type(c.value).__name__, "value": str(c.value), "format": c.number_format,
            "link": c.hyperlink.target if c.hyperlink else None}
print(json.dumps({
    "sheets": book.sheetnames, "rows": sheet.max_row, "freeze": sheet.freeze_panes,
    "filter": sheet.auto_filter.ref, "bold": sheet["A1"].font.b,
    "id": cell("ID"), "pedido": cell("Data da Solicitação"), "cnpj": cell("CNPJ/CPF da UC Solicitada"),
    "anexo": cell("Anexo Complementar"), "status": cell("Status Atual"),
}))
`;

let t: TestApp;
let dir: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-xlsx-'));
  const requester = await login(t.app, 'solicitante@demo.portal');
  token = await login(t.app, 'celula@demo.portal');
  const saved = await call(
    t.app,
    requester,
    '/api/novas-unidades/add',
    await newUnitPayload(t.app, { endereco_id: 'LEITOR1' }),
  );
  expect(saved.statusCode, saved.body).toBe(200);
  // The cell's complementary file, as its upload would have left it.
  const [user] = await t.app.db.select({ id: usuarios.id }).from(usuarios).limit(1);
  await t.app.db.insert(anexos).values({
    idSolicitacao: saved.json().dados.id,
    tipo: 'complementar',
    nomeArquivo: 'resposta.pdf',
    storageKey: '00000000-0000-4000-8000-000000000000',
    tamanho: 10,
    mime: 'application/pdf',
    idUsuario: user!.id,
  });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the xlsx in an independent reader (openpyxl)', () => {
  it('reads the sheet, its frozen bold filtered header, dates as dates, numbers as numbers, links', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/novas-unidades/relatorio/exportar?q=LEITOR1',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = path.join(dir, 'novas_unidades.xlsx');
    await writeFile(file, res.rawPayload);
    const run = await promisify(execFile)(PYTHON, ['-c', READER, file]).catch((err: Error) => {
      throw new Error(`${err.message}\nInstale o leitor: apt-get install python3-openpyxl`);
    });
    const read = JSON.parse(run.stdout);
    expect(read).toMatchObject({ sheets: ['Novas Unidades'], rows: 2, freeze: 'A2', bold: true });
    expect(read.filter).toMatch(/^A1:[A-Z]+1$/);
    expect(read.id.type).toBe('int');
    expect(read.pedido).toMatchObject({ type: 'datetime', format: 'dd/mm/yyyy hh:mm' });
    expect(read.cnpj.value).toBe('48.392.015/0001-79');
    expect(read.anexo.value).toBe('Visualizar Arquivo');
    expect(read.anexo.link).toMatch(/^http:\/\/portal\.test\/arquivo\/arquivos\/\d+$/);
    expect(read.status.type).toBe('str');
  });
});
