import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, multipart, newUnitPayload, PDF } from '../support/requests.ts';
import { insertRows } from '../hostile/support.ts';

/**
 * Issue 15 item 4: `{form}/linha-do-tempo` merges the status and observation histories with the
 * field changes and attachments the audit log recorded, scoped exactly like the record.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let id: number;
const TIMELINE = '/api/novas-unidades/linha-do-tempo';

async function editAs(
  who: string,
  dados: Record<string, unknown>,
  files: Parameters<typeof multipart>[1] = [],
) {
  const body = multipart(dados, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/novas-unidades/edit',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(tokens[who]!) },
  });
  if (res.statusCode !== 200) throw new Error(`${who}: ${res.statusCode} ${res.body}`);
  return res.json().dados as { version: number };
}

const timelineOf = async (who: string, url = TIMELINE, body: unknown = { id_unidade: id }) =>
  call(t.app, tokens[who]!, url, body);

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula', 'consulta', 'tower'])
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  const created = await call(
    t.app,
    tokens.solicitante!,
    '/api/novas-unidades/add',
    await newUnitPayload(t.app, { site_id: 'SPSIT01' }),
  );
  id = created.json().dados.id;
  // The regional corrects the site id while approving, with a note.
  await editAs('regional', { id, version: 1, status: 2, site_id: 'SPSIT99', observacao: 'Site corrigido' });
  // The cell fills its own fields and attaches its internal document.
  const v = await editAs(
    'celula',
    {
      id,
      version: 2,
      status: 4,
      centro_custo: 'CC-SECRETO',
      data_ativacao: '2026-12-20',
      tipo_de_pagamento: 1,
    },
    [{ field: 'complementar', filename: 'parecer-interno.pdf', contentType: 'application/pdf', data: PDF }],
  );
  await editAs('celula', {
    id,
    version: v.version,
    status: 4,
    centro_custo: 'CC-NOVO',
    tipo_de_pagamento: 2,
  });
});
afterAll(() => t.close());

type Entry = {
  tipo: string;
  em: string;
  por: string | null;
  campo?: string;
  antes?: string | null;
  depois?: string | null;
  texto?: string;
  status?: number;
};

describe('the timeline merges every history of a request, newest first', () => {
  it("shows a field change with the field's label, the option labels, who and when", async () => {
    const res = await timelineOf('regional');
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().dados as Entry[];
    expect(entries).toContainEqual({
      tipo: 'campo',
      em: expect.any(String),
      por: 'Renata Regional',
      campo: 'Site ID',
      antes: 'SPSIT01',
      depois: 'SPSIT99',
    });
  });

  it('shows a coded field by its option labels, never by its codes', async () => {
    const entries = (await timelineOf('celula')).json().dados as Entry[];
    expect(entries).toContainEqual(
      expect.objectContaining({
        tipo: 'campo',
        campo: 'Tipo de Pagamento',
        antes: 'PM',
        depois: 'DA',
        por: 'Carlos Célula',
      }),
    );
  });

  it("holds the status changes and the observations of the spec's two history calls", async () => {
    const entries = (await timelineOf('celula')).json().dados as Entry[];
    const status = (await timelineOf('celula', '/api/novas-unidades/status')).json().dados as {
      status: number;
    }[];
    const notes = (await timelineOf('celula', '/api/novas-unidades/historicos')).json().dados as {
      obs: string;
    }[];
    expect(entries.filter((e) => e.tipo === 'status').map((e) => e.status)).toEqual(
      status.map((s) => s.status),
    );
    expect(entries.filter((e) => e.tipo === 'observacao').map((e) => e.texto)).toEqual(
      notes.map((n) => n.obs),
    );
    expect(notes.map((n) => n.obs)).toContain('Site corrigido');
  });

  it('is ordered newest first and lists the attachment the cell added, by name', async () => {
    const entries = (await timelineOf('celula')).json().dados as Entry[];
    const times = entries.map((e) => Date.parse(e.em));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(entries).toContainEqual(
      expect.objectContaining({
        tipo: 'anexo_adicionado',
        campo: 'Anexo Complementar',
        texto: 'parecer-interno.pdf',
        por: 'Carlos Célula',
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        tipo: 'campo',
        campo: 'Previsão de Ativação',
        antes: null,
        depois: '20/12/2026',
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        tipo: 'campo',
        campo: 'Centro de Custo',
        antes: 'CC-SECRETO',
        depois: 'CC-NOVO',
      }),
    );
  });

  it('lists the current attachments with size, uploader and date', async () => {
    const { anexos } = (await timelineOf('celula')).json();
    expect(anexos).toEqual([
      expect.objectContaining({
        tipo: 'complementar',
        nome: 'parecer-interno.pdf',
        tamanho: PDF.length,
        enviado_por: 'Carlos Célula',
        enviado_em: expect.any(String),
        url: expect.stringMatching(/^\/api\/arquivos\/\d+$/),
      }),
    ]);
  });

  it('records a removed attachment with who removed it', async () => {
    const other = (
      await call(t.app, tokens.solicitante!, '/api/novas-unidades/add', await newUnitPayload(t.app))
    ).json().dados.id;
    await editAs('regional', { id: other, version: 1, status: 2 });
    await editAs('celula', { id: other, version: 2, status: 4 }, [
      { field: 'complementar', filename: 'rascunho.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const del = await call(t.app, tokens.celula!, '/api/novas-unidades/apagar-arquivos', {
      id: other,
      tipo: 'complementar',
    });
    expect(del.statusCode, del.body).toBe(200);
    const res = await timelineOf('celula', TIMELINE, { id_unidade: other });
    expect(res.json().dados[0]).toMatchObject({
      tipo: 'anexo_removido',
      campo: 'Anexo Complementar',
      texto: 'rascunho.pdf',
      por: 'Carlos Célula',
    });
    expect(res.json().anexos).toEqual([]);
  });
});

describe('the timeline is scoped like the record (hostile callers)', () => {
  it('a role that may not see a field does not see its changes, nor a hidden attachment', async () => {
    const res = await timelineOf('solicitante');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(
      /CC-SECRETO|CC-NOVO|Centro de Custo|Previsão de Ativação|Pagamento|parecer-interno|Anexo Complementar/,
    );
    expect(res.json().anexos).toEqual([]);
    // What the record shows, the timeline shows too.
    expect(res.json().dados).toContainEqual(expect.objectContaining({ tipo: 'campo', campo: 'Site ID' }));
  });

  it('profile 3 (Consulta) reads what its record shows, as the cell sees it', async () => {
    const consulta = await timelineOf('consulta');
    expect(consulta.statusCode, consulta.body).toBe(200);
    expect(consulta.json().dados).toEqual((await timelineOf('celula')).json().dados);
  });

  it('another company gets the answer of a missing request', async () => {
    const res = await timelineOf('tower');
    const missing = await timelineOf('tower', TIMELINE, { id_unidade: 999999 });
    expect([res.statusCode, res.json()]).toEqual([missing.statusCode, missing.json()]);
    expect(res.body).not.toMatch(/SPSIT|Renata Regional/);
  });

  it("another regional's request answers like a missing one", async () => {
    const [foreign] = await insertRows(t.app, [{ regional: 1 }]);
    const res = await timelineOf('regional', TIMELINE, { id_unidade: foreign });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 1, msg: 'Solicitação não encontrada.' });
  });

  it('the id of another form answers like a missing one', async () => {
    for (const url of ['/api/unidades/linha-do-tempo', '/api/agua/novas-unidades/linha-do-tempo']) {
      const res = await timelineOf('celula', url);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('refuses ids that are not positive integers, naming the field', async () => {
    for (const bad of ['abc', '1 or 1=1', -1, 0, 1.5, 1e20, null, '\u0000']) {
      const res = await timelineOf('celula', TIMELINE, { id_unidade: bad });
      expect([bad, res.statusCode]).toEqual([bad, 400]);
      expect(res.json()).toMatchObject({ error: 1, msg: expect.stringMatching(/ID/) });
    }
  });

  it('without a session it answers 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: TIMELINE, payload: { id_unidade: id } });
    expect(res.statusCode).toBe(401);
  });
});
