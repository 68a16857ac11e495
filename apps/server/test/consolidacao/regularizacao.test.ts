import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALPHANUMERIC_CNPJ } from '../admin/support.ts';
import { auditLog, baseProvedor, regularizacoes } from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, multipart, PDF } from '../support/requests.ts';
import { reasonFor } from '../support/refusal-reasons.ts';

/**
 * Issue 11 item 4: Regularização CNPJ/Razão Social, spec part 2 §4.4 reading A (docs/decisions/provider-base-and-regularization.md, D-BASE-001):
 * the cell works a divergence at 0, 1, 2 and decides 1, 2, 3 or 5; the provider adds observations
 * and moves 3 → 4; choosing 3 needs the correction and the concessionaire's request and answer.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const baseIds: number[] = [];
let nextBase = 0;
/** The divergences the demo seed's sample import opened: a refused call leaves exactly these. */
let seeded: (typeof regularizacoes.$inferSelect)[];
beforeAll(async () => {
  t = await createTestApp();
  seeded = await t.app.db.select().from(regularizacoes);
  for (const who of ['admin', 'celula', 'amee', 'regional', 'tower', 'property', 'solicitante', 'consulta'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  const rows = await t.app.db
    .select({ id: baseProvedor.id })
    .from(baseProvedor)
    .where(eq(baseProvedor.fluxo, 'energia'))
    .limit(40);
  baseIds.push(...rows.map((r) => r.id));
});
afterAll(() => t.close());

const api = (who: string, path: string, payload: unknown) =>
  call(t.app, tokens[who]!, `/api/consolidacao/${path}`, payload);
const read = async (id: number) => (await api('celula', 'list', { id })).json().dados;
/** A new divergence, opened by the cell on the next unit of the seeded base. */
const open = async () => {
  const res = await api('celula', 'add', { id_con: baseIds[nextBase++] });
  expect(res.statusCode, res.body).toBe(200);
  return read(res.json().dados.id);
};
const upload = (who: string, dados: object, files: { field: string; filename: string; data: Buffer }[]) => {
  const body = multipart(
    dados,
    files.map((f) => ({ ...f, contentType: 'application/octet-stream' })),
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/consolidacao/edit',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tokens[who]!) },
  });
};
const DOCX = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
const MSG = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
const CORRECTION = {
  razao_social_correta: 'Operadora Telecom Brasil S.A.',
  cnpj_correto: '48.392.015/0001-79',
  data_pedido: '2026-11-01',
  data_previsao: '2026-12-15',
};
const stored = async (id: number) =>
  (await t.app.db.select().from(regularizacoes).where(eq(regularizacoes.id, id)))[0]!;

describe('who reaches the regularization (the menu rule of part 1 §6, enforced by the server)', () => {
  it('anonymous → 401; tower, property, requester and regional → 403 before the body is read', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/consolidacao/list', payload: {} })).statusCode,
    ).toBe(401);
    for (const who of ['tower', 'property', 'solicitante', 'regional']) {
      const res = await api(who, 'list', { per_page: 'muitos' });
      expect(res.statusCode, who).toBe(403);
      expect((await api(who, 'add', { id_con: baseIds[0] })).statusCode, who).toBe(403);
    }
    expect(await t.app.db.select().from(regularizacoes)).toEqual(seeded);
  });

  it('profile 3 (Consulta) reads the list but writes nothing', async () => {
    expect((await api('consulta', 'list', {})).statusCode).toBe(200);
    const res = await api('consulta', 'add', { id_con: baseIds[0] });
    expect(res.statusCode).toBe(403);
    expect(await t.app.db.select().from(regularizacoes)).toEqual(seeded);
  });
});

describe('the demo data (issue 11 item 6)', () => {
  it('a sample import run by the provider operator opened divergences of both types at 0, on units of the base', async () => {
    const list = (await api('celula', 'list', { per_page: 50 })).json();
    const types = list.dados.map((r: { tipo_divergencia: number; status: number }) => [
      r.tipo_divergencia,
      r.status,
    ]);
    expect(types.filter(([tipo]: number[]) => tipo === 1).length).toBeGreaterThanOrEqual(2);
    expect(types.filter(([tipo]: number[]) => tipo === 2).length).toBeGreaterThanOrEqual(2);
    expect(types.every(([, status]: number[]) => status === 0)).toBe(true);
    const runs = (await call(t.app, tokens.amee!, '/api/conciliacao/importacoes', {})).json();
    expect(runs.dados).toEqual([
      expect.objectContaining({
        usuario: 'Alberto Operador AME',
        situacao: 'aplicada',
        divergencias_abertas: list.total,
      }),
    ]);
  });
});

describe('opening a divergence (consolidacao/add)', () => {
  it('only the cell opens one; the provider is refused (403), nothing written', async () => {
    const res = await api('amee', 'add', { id_con: baseIds[0] });
    expect(res.statusCode).toBe(403);
    expect(await t.app.db.select().from(regularizacoes)).toEqual(seeded);
  });

  it('the cell opens one on a unit of the base: status 0, the unit as the base describes it', async () => {
    const record = await open();
    const [base] = await t.app.db.select().from(baseProvedor).where(eq(baseProvedor.id, baseIds[0]!));
    expect(record).toMatchObject({
      status: 0,
      id_con: base!.id,
      unidade: base!.uc,
      endereco_id: base!.enderecoId,
      uf: base!.estado,
      razao_social_fatura: base!.rzSocial,
      razao_correta: base!.rzSocial,
      solicitacao: null,
      resposta: null,
      anexo: null,
    });
    expect([1, 2]).toContain(record.tipo_divergencia);
    const statuses = (await api('celula', 'status', { id_unidade: record.id })).json().dados;
    expect(statuses).toEqual([expect.objectContaining({ nome: 'Carlos Célula', status: 0 })]);
  });

  it('nothing is opened twice for one unit while a record of it is open (422 naming id_con)', async () => {
    const res = await api('celula', 'add', { id_con: baseIds[0] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 1,
      msg: 'Esta unidade já tem uma regularização em andamento.',
      campo: 'id_con',
    });
  });

  it('a unit that is not in the base, or of the other flow, → 422 naming id_con', async () => {
    const [water] = await t.app.db
      .select({ id: baseProvedor.id })
      .from(baseProvedor)
      .where(eq(baseProvedor.fluxo, 'agua'))
      .limit(1);
    for (const id_con of [2_000_000_000, water!.id]) {
      const res = await api('celula', 'add', { id_con });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ campo: 'id_con', msg: 'Unidade não encontrada na base Xerox/AME.' });
    }
  });
});

describe('§4.4 reading A: statuses and editability', () => {
  it("the cell at 0 may choose 1, 2 or 5, not 4 (the provider's)", async () => {
    const record = await open();
    const refused = await api('celula', 'edit', { id: record.id, version: record.version, status: 4 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('Você não pode escolher o status "Atualizado na Base (Xerox/AME)".');
    const moved = await api('celula', 'edit', {
      id: record.id,
      version: record.version,
      status: 1,
      observacao: 'Pedido aberto.',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().dados).toMatchObject({ status: 1, version: record.version + 1 });
  });

  it('the provider at 0 writes an observation, but not the correction (403 naming the field)', async () => {
    const record = await open();
    const note = await api('amee', 'edit', {
      id: record.id,
      version: record.version,
      observacao: 'Conferido na base.',
    });
    expect(note.statusCode, note.body).toBe(200);
    const refused = await api('amee', 'edit', {
      id: record.id,
      version: record.version + 1,
      razao_social_correta: 'Outra',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ campo: 'razao_social_correta' });
    expect((await stored(record.id)).razaoSocialCorreta).toBeNull();
    const notes = (await api('celula', 'historicos', { id_unidade: record.id })).json().dados;
    expect(notes).toEqual([
      expect.objectContaining({ nome: 'Alberto Operador AME', obs: 'Conferido na base.' }),
    ]);
  });

  it('choosing 3 makes the correction required (422 naming the first missing field)', async () => {
    const record = await open();
    const res = await api('celula', 'edit', { id: record.id, version: record.version, status: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ campo: 'razao_social_correta' });
    expect((await stored(record.id)).status).toBe(0);
  });

  it("choosing 3 requires the concessionaire's request and response files unless already there", async () => {
    const record = await open();
    const res = await api('celula', 'edit', {
      id: record.id,
      version: record.version,
      status: 3,
      ...CORRECTION,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      campo: 'solicitacao',
      msg: 'O arquivo Solicitação à Concessionária é obrigatório.',
    });
    const withFiles = await upload(
      'celula',
      { id: record.id, version: record.version, status: 3, ...CORRECTION },
      [
        { field: 'solicitacao', filename: 'pedido.msg', data: MSG },
        { field: 'resposta', filename: 'resposta.docx', data: DOCX },
      ],
    );
    expect(withFiles.statusCode, withFiles.body).toBe(200);
    const after = await read(record.id);
    expect(after).toMatchObject({
      status: 3,
      cnpj_correto: '48392015000179',
      data_solicitacao: '2026-11-01',
    });
    expect(after.solicitacao).toMatch(/^\/api\/consolidacao\/arquivos\/\d+$/);
  });

  it('at 3 the cell edits nothing more; the provider moves it to 4, then only writes observations', async () => {
    const [record] = (await api('celula', 'list', { status: 3 })).json().dados;
    const full = await read(record.id);
    const cell = await api('celula', 'edit', { id: full.id, version: full.version, observacao: 'Mais uma.' });
    expect(cell.statusCode).toBe(403);
    const updated = await api('amee', 'edit', {
      id: full.id,
      version: full.version,
      status: 4,
      observacao: 'Atualizado.',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const back = await api('amee', 'edit', { id: full.id, version: full.version + 1, status: 3 });
    expect(back.statusCode).toBe(403);
    expect(back.json().msg).toBe('Você não pode escolher o status "Aprovado Célula".');
    const note = await api('amee', 'edit', {
      id: full.id,
      version: full.version + 1,
      observacao: 'Conferido.',
    });
    expect(note.statusCode, note.body).toBe(200);
  });

  it("'Recusado pela Célula' (5) ends it: nobody edits it afterwards", async () => {
    const record = await open();
    expect(
      (
        await api('celula', 'edit', {
          id: record.id,
          version: record.version,
          status: 5,
          ...(await reasonFor(t.app, 'regularizacao.5')),
        })
      ).statusCode,
    ).toBe(200);
    for (const who of ['celula', 'amee']) {
      const res = await api(who, 'edit', { id: record.id, version: record.version + 1, observacao: 'x' });
      expect(res.statusCode, who).toBe(403);
    }
  });

  it('CNPJ Correto: an invalid one → 422 "CNPJ Inválido"; an alphanumeric CNPJ is accepted', async () => {
    const record = await open();
    const bad = await api('celula', 'edit', {
      id: record.id,
      version: record.version,
      cnpj_correto: '11.111.111/1111-11',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ error: 1, msg: 'CNPJ Inválido', campo: 'cnpj_correto' });
    const good = await api('celula', 'edit', {
      id: record.id,
      version: record.version,
      cnpj_correto: ALPHANUMERIC_CNPJ,
    });
    expect(good.statusCode, good.body).toBe(200);
    expect((await read(record.id)).cnpj_correto).toBe('12ABC34501DE35');
  });

  it('a stale version → 409, nothing changes', async () => {
    const record = await open();
    await api('celula', 'edit', { id: record.id, version: record.version, status: 1 });
    const stale = await api('celula', 'edit', { id: record.id, version: record.version, status: 2 });
    expect(stale.statusCode).toBe(409);
    expect((await stored(record.id)).status).toBe(1);
  });

  it('a file whose content is not what its name says → 422, nothing stored', async () => {
    const record = await open();
    const res = await upload('celula', { id: record.id, version: record.version }, [
      { field: 'anexo', filename: 'planilha.docx', data: PDF },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      campo: 'anexo',
      msg: 'Extensão de arquivo inválida: Anexo Complementar.',
    });
    expect((await read(record.id)).anexo).toBeNull();
  });
});

describe('files, deletes and the two flows', () => {
  it('a file is served with the sniffed type, nosniff and a sandbox; not through the water calls', async () => {
    const [row] = (await api('celula', 'list', { status: 4 })).json().dados;
    const record = await read(row.id);
    const file = await t.app.inject({ method: 'GET', url: record.resposta, headers: bearer(tokens.amee!) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toContain('sandbox');
    const water = record.resposta.replace('/api/consolidacao/', '/api/agua/consolidacao/');
    expect(
      (await t.app.inject({ method: 'GET', url: water, headers: bearer(tokens.amee!) })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: record.resposta, headers: bearer(tokens.tower!) }))
        .statusCode,
    ).toBe(403);
  });

  it('apagar-arquivos: the cell removes a file while it works the record; the provider may not', async () => {
    const record = await open();
    const sent = await upload('celula', { id: record.id, version: record.version }, [
      { field: 'anexo', filename: 'a.pdf', data: PDF },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const refused = await api('amee', 'apagar-arquivos', { id: record.id, tipo: 'anexo' });
    expect(refused.statusCode).toBe(403);
    const removed = await api('celula', 'apagar-arquivos', { id: record.id, tipo: 'anexo' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await read(record.id)).anexo).toBeNull();
  });

  it('delete: only an untouched divergence (0), by the cell; the provider and a worked record are refused', async () => {
    const record = await open();
    expect((await api('amee', 'delete', { id: record.id })).statusCode).toBe(403);
    const worked = await open();
    await api('celula', 'edit', { id: worked.id, version: worked.version, status: 1 });
    expect((await api('celula', 'delete', { id: worked.id })).statusCode).toBe(403);
    const deleted = await api('celula', 'delete', { id: record.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.db.select().from(regularizacoes).where(eq(regularizacoes.id, record.id))).toEqual([]);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entidade, 'regularizacao.energia'));
    expect(audit.some((a) => a.acao === 'apagar' && a.entidadeId === String(record.id))).toBe(true);
  });

  it('an energy record is not found through the water calls (404)', async () => {
    const record = await open();
    const res = await call(t.app, tokens.celula!, '/api/agua/consolidacao/list', { id: record.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 1, msg: 'Regularização não encontrada.' });
  });
});

describe('the list (§2.2)', () => {
  it("pages, filters by status ('Todos' and 0 for a null status), searches by unit prefix and sorts", async () => {
    const all = (await api('celula', 'list', { status: 'Todos', per_page: 50 })).json();
    expect(all.total).toBeGreaterThan(5);
    expect(all.dados.every((r: { status: number }) => typeof r.status === 'number')).toBe(true);
    const zeros = (await api('celula', 'list', { status: 0, per_page: 50 })).json();
    expect(zeros.dados.length).toBeGreaterThan(0);
    expect(zeros.dados.every((r: { status: number }) => r.status === 0)).toBe(true);
    const some = all.dados[0];
    const found = (await api('celula', 'list', { q: some.unidade.slice(0, 8) })).json();
    expect(found.dados.map((r: { id: number }) => r.id)).toContain(some.id);
    const sorted = (await api('celula', 'list', { sort: 'status', order: 'asc', per_page: 50 })).json().dados;
    expect(sorted.map((r: { status: number }) => r.status)).toEqual(
      [...sorted.map((r: { status: number }) => r.status)].sort(),
    );
    const page = (await api('celula', 'list', { per_page: 5, page: 2 })).json();
    expect(page.dados.length).toBeLessThanOrEqual(5);
    expect(page.total).toBe(all.total);
  });

  it('a sort on an unknown column → 422 (an option outside its list), not a 500', async () => {
    const res = await api('celula', 'list', { sort: 'constructor' });
    expect(res.statusCode).toBe(422);
  });
});
