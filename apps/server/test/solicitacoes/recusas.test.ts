import { eq, sql } from 'drizzle-orm';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  historicoObservacoes,
  historicoStatus,
  solicitacoes,
  usuarios,
} from '../../src/db/schema.ts';
import { bearer, createTestApp, login, type TestApp } from '../support/test-app.ts';
import { call, multipart, newUnitPayload, PNG } from '../support/requests.ts';

/**
 * Issue 3: the server enforces the shared policy. Every kind of refusal answers 403 or 422 (409 for
 * a stale version) with a Portuguese message naming the field or status, and writes nothing.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['solicitante', 'regional', 'celula', 'amee', 'tower', 'consulta', 'property']) {
    tokens[who] = await login(t.app, `${who}@demo.portal`);
  }
});
afterAll(() => t.close());

const save = (who: string, mode: 'add' | 'edit', payload: unknown) =>
  call(t.app, tokens[who]!, `/api/novas-unidades/${mode}`, payload);

/** Everything a refused save could have touched, to compare before and after. */
async function snapshot() {
  const count = async (
    table: typeof solicitacoes | typeof historicoStatus | typeof historicoObservacoes | typeof auditLog,
  ) => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const rows = await t.app.db.select().from(solicitacoes).orderBy(solicitacoes.id);
  const uploads = await readdir(path.join(t.config.dataDir, 'uploads'), { recursive: true }).catch(() => []);
  return {
    rows: rows.map(({ updatedAt: _u, ...r }) => r),
    statusHistory: await count(historicoStatus),
    observations: await count(historicoObservacoes),
    audit: await count(auditLog),
    uploads: uploads.length,
  };
}

const withAuth = (m: ReturnType<typeof multipart>, who: string) => ({
  payload: m.payload,
  headers: { ...m.headers, ...bearer(tokens[who]!) },
});

async function createAt(status: number) {
  const created = await save('solicitante', 'add', await newUnitPayload(t.app));
  const id = created.json().dados.id as number;
  // Place it directly in the status under test; the journey test covers walking there.
  await t.app.db.update(solicitacoes).set({ status }).where(eq(solicitacoes.id, id));
  return { id, version: 1 };
}

describe('each kind of refusal leaves the database unchanged', () => {
  const cases: {
    name: string;
    who: string;
    status: number | null;
    payload: Record<string, unknown>;
    /** Sent as multipart with these file parts. */
    files?: { field: string; filename: string; contentType: string; data: Buffer }[];
    code: number;
    msg: RegExp;
  }[] = [
    {
      name: 'a field the policy locks (regional changes the unit at 0)',
      who: 'regional',
      status: 0,
      payload: { status: 1, unidade: 'OUTRA' },
      code: 403,
      msg: /O campo Unidade não pode ser alterado neste status/,
    },
    {
      name: 'a status the role may not choose (regional chooses 8)',
      who: 'regional',
      status: 1,
      payload: { status: 8 },
      code: 403,
      msg: /Você não pode escolher o status "Inserida na Base Xerox\/AME"/,
    },
    {
      name: 'a move the transition table forbids (cell from 5 back to 4)',
      who: 'celula',
      status: 5,
      payload: { status: 4 },
      code: 422,
      msg: /não pode passar de "Aprovada Célula - Aguardando Concessionária" para "Em Validação Célula"/,
    },
    {
      name: 'no jump the transition table lacks (provider inserts into the base a request Property just started)',
      who: 'amee',
      status: 13,
      payload: { status: 8 },
      code: 422,
      msg: /não pode passar de ".+" para "Inserida na Base Xerox\/AME"/,
    },
    {
      name: 'a required field omitted (regional refuses with 3 and no observation)',
      who: 'regional',
      status: 1,
      payload: { status: 3 },
      code: 422,
      msg: /O campo Observação é obrigatório/,
    },
    {
      name: 'payment type required when the cell approves (7)',
      who: 'celula',
      status: 5,
      payload: { status: 7, tipo_de_pagamento: null },
      code: 422,
      msg: /Tipo de Pagamento.* é obrigatório/,
    },
    {
      name: 'someone who may not save (profile 3 Consulta)',
      who: 'consulta',
      status: 4,
      payload: { status: 5 },
      code: 403,
      msg: /Seu perfil não permite salvar/,
    },
    {
      name: "a file the policy locks (the cell sends the tower's complementary file)",
      who: 'celula',
      status: 4,
      payload: {},
      files: [{ field: 'complementar_tower', filename: 'foto.png', contentType: 'image/png', data: PNG }],
      code: 403,
      msg: /O arquivo Anexo Complementar Tower não pode ser enviado neste status/,
    },
  ];

  for (const c of cases) {
    it(`${c.name} → ${c.code}`, async () => {
      const { id, version } = await createAt(c.status!);
      const before = await snapshot();
      const body = { id, version, ...c.payload };
      const res = c.files
        ? await t.app.inject({
            method: 'POST',
            url: '/api/novas-unidades/edit',
            ...withAuth(multipart(body, c.files), c.who),
          })
        : await save(c.who, 'edit', body);
      expect(res.statusCode, res.body).toBe(c.code);
      expect(res.json().error).toBe(1);
      expect(res.json().msg).toMatch(c.msg);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('a stale version → 409, nothing changes', async () => {
    const { id } = await createAt(1);
    const first = await save('regional', 'edit', { id, version: 1, status: 2 });
    expect(first.statusCode).toBe(200);
    const before = await snapshot();
    const second = await save('regional', 'edit', { id, version: 1, status: 3, observacao: 'Recusa tardia' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 1,
      msg: 'Este registro foi alterado por outro usuário. Recarregue a página.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('creating as a group that may not create (tower) → 403, nothing written', async () => {
    const before = await snapshot();
    const res = await save('tower', 'add', await newUnitPayload(t.app));
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('Seu grupo não pode cadastrar esta solicitação.');
    expect(await snapshot()).toEqual(before);
  });

  it('an invalid CPF/CNPJ → 422 with the form message, nothing written', async () => {
    const before = await snapshot();
    const res = await save(
      'solicitante',
      'add',
      await newUnitPayload(t.app, { cnpj_solicitada: '11.111.111/1111-11' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 1, msg: 'CNPJ/CPF inválido', campo: 'cnpj_solicitada' });
    expect(await snapshot()).toEqual(before);
  });

  it('an alphanumeric CNPJ (12.ABC.345/01DE-35) and a CPF are accepted', async () => {
    for (const cnpj of ['12.ABC.345/01DE-35', '529.982.247-25']) {
      const res = await save('solicitante', 'add', await newUnitPayload(t.app, { cnpj_solicitada: cnpj }));
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('a field over its maximum → 400 naming the field', async () => {
    const res = await save('solicitante', 'add', await newUnitPayload(t.app, { endereco: 'x'.repeat(41) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      campo: 'endereco',
      msg: 'O campo Endereço pode ter no máximo 40 caracteres.',
    });
  });

  it('an unknown regional → 422 "Regional não encontrada.", nothing written', async () => {
    const before = await snapshot();
    const res = await save('solicitante', 'add', await newUnitPayload(t.app, { regional: 9999 }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ msg: 'Regional não encontrada.', campo: 'regional' });
    expect(await snapshot()).toEqual(before);
  });

  it('an edit without a version → 400 naming Versão, nothing changes', async () => {
    const { id } = await createAt(1);
    const before = await snapshot();
    const res = await save('regional', 'edit', { id, status: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: 'O campo Versão é obrigatório para editar.', campo: 'version' });
    expect(await snapshot()).toEqual(before);
  });

  it('the same file slot twice in one save → 422 naming the file, nothing written and no file kept', async () => {
    const before = await snapshot();
    const payload = await newUnitPayload(t.app);
    const twice = ['primeira.png', 'segunda.png'].map((filename) => ({
      field: 'complementar',
      filename,
      contentType: 'image/png',
      data: PNG,
    }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/novas-unidades/add',
      ...withAuth(multipart(payload, twice), 'solicitante'),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      msg: 'O arquivo Anexo Complementar foi enviado mais de uma vez.',
      campo: 'complementar',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('an unknown concessionaire → 422, nothing written', async () => {
    const before = await snapshot();
    const res = await save('solicitante', 'add', await newUnitPayload(t.app, { id_concessionaria: 99999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('Concessionária não encontrada.');
    expect(await snapshot()).toEqual(before);
  });
});

describe('every save is audited', () => {
  it('one audit row per save, naming who, the request, the status and the fields sent', async () => {
    const created = await save('solicitante', 'add', await newUnitPayload(t.app));
    const id = created.json().dados.id as number;
    const moved = await save('regional', 'edit', { id, version: 1, status: 1, endereco_id: 'TSPA000123' });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entidadeId, String(id)))
      .orderBy(auditLog.id);
    const [regional] = await t.app.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, 'regional@demo.portal'));
    expect(rows.map((r) => r.acao)).toEqual(['criar-solicitacao', 'editar-solicitacao']);
    expect(rows[1]).toMatchObject({
      idUsuario: regional!.id,
      entidade: 'solicitacao.energia.nova',
      antes: expect.objectContaining({ status: 0 }),
      depois: expect.objectContaining({ status: 1, endereco_id: 'TSPA000123' }),
    });
  });
});
