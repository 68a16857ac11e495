import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitacoes } from '../../src/db/schema.ts';
import { call, newUnitPayload } from '../support/requests.ts';
import { createTestApp, loginDemo, type TestApp } from '../support/test-app.ts';

/**
 * Hostile review of the creator's window (authorship.ts, deletion.ts, check-save.ts): the author
 * corrects or withdraws a request only while nobody else has acted on it; races between the author
 * and the regional never let both win; nothing in the body moves the request to another company.
 */
let t: TestApp;
let tok: Record<string, string> = {};
const ADD = '/api/novas-unidades/add';
const EDIT = '/api/novas-unidades/edit';
const DELETE = '/api/novas-unidades/delete';

beforeAll(async () => {
  t = await createTestApp();
  tok = await loginDemo(t.app, ['solicitante', 'regional', 'celula', 'tower', 'consulta', 'admin']);
});
afterAll(() => t.close());

async function fresh() {
  const res = await call(t.app, tok.solicitante!, ADD, await newUnitPayload(t.app));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dados as { id: number; version: number; status: number };
}
const row = async (id: number) =>
  (await t.app.db.select().from(solicitacoes).where(eq(solicitacoes.id, id)))[0];

describe('races: the author and someone else never both win', () => {
  it('two corrections by the author with the same version: one saves, the other is a 409', async () => {
    const r = await fresh();
    const [a, b] = await Promise.all([
      call(t.app, tok.solicitante!, EDIT, { id: r.id, version: r.version, status: r.status, numero: '11' }),
      call(t.app, tok.solicitante!, EDIT, { id: r.id, version: r.version, status: r.status, numero: '22' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await row(r.id))!.version).toBe(r.version + 1);
  });

  it('the author withdraws while the regional moves it: exactly one of them wins, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const r = await fresh();
      const [del, moved] = await Promise.all([
        call(t.app, tok.solicitante!, DELETE, { id: r.id }),
        call(t.app, tok.regional!, EDIT, {
          id: r.id,
          version: r.version,
          status: 1,
          observacao: 'Recebida.',
        }),
      ]);
      const after = await row(r.id);
      const wins = [del.statusCode === 200, moved.statusCode === 200];
      expect([round, wins.filter(Boolean).length]).toEqual([round, 1]);
      if (del.statusCode === 200) expect(after).toBeUndefined();
      else expect(after).toMatchObject({ status: 1 });
      for (const res of [del, moved]) expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('the author corrects while the regional moves it (same version): one wins, the other is told', async () => {
    const r = await fresh();
    const [mine, theirs] = await Promise.all([
      call(t.app, tok.solicitante!, EDIT, { id: r.id, version: r.version, status: r.status, numero: '33' }),
      call(t.app, tok.regional!, EDIT, { id: r.id, version: r.version, status: 1 }),
    ]);
    expect([mine.statusCode, theirs.statusCode].filter((c) => c === 200)).toHaveLength(1);
    expect([mine.statusCode, theirs.statusCode].every((c) => c < 500)).toBe(true);
    // After the regional acted, the author's window is closed for good.
    const now = await row(r.id);
    const late = await call(t.app, tok.solicitante!, EDIT, {
      id: r.id,
      version: now!.version,
      status: now!.status,
      numero: '44',
    });
    if (theirs.statusCode === 200) expect(late.statusCode).toBe(403);
  });
});

describe('the window stays open for the author alone', () => {
  it('the author corrects twice and then withdraws: their own saves never close it', async () => {
    const r = await fresh();
    const a = await call(t.app, tok.solicitante!, EDIT, {
      id: r.id,
      version: r.version,
      status: r.status,
      numero: '1',
    });
    expect(a.statusCode, a.body).toBe(200);
    const b = await call(t.app, tok.solicitante!, EDIT, {
      id: r.id,
      version: a.json().dados.version,
      status: r.status,
      numero: '2',
      observacao: 'Corrigido o número.',
    });
    expect(b.statusCode, b.body).toBe(200);
    const read = await call(t.app, tok.solicitante!, '/api/novas-unidades/list', { id: r.id });
    expect(read.json().dados.autor_pode_corrigir).toBe(true);
    expect((await call(t.app, tok.solicitante!, DELETE, { id: r.id })).statusCode).toBe(200);
  });
});

describe('the window closes for any act of someone else, not only a status change', () => {
  it('after the regional saved a note without moving it, the author may neither correct nor withdraw', async () => {
    const r = await fresh();
    const note = await call(t.app, tok.regional!, EDIT, {
      id: r.id,
      version: r.version,
      status: r.status,
      observacao: 'Vou conferir.',
    });
    expect(note.statusCode, note.body).toBe(200);
    const now = await row(r.id);
    expect(now!.status).toBe(r.status);
    const fix = await call(t.app, tok.solicitante!, EDIT, {
      id: r.id,
      version: now!.version,
      status: now!.status,
      numero: '55',
    });
    expect(fix.statusCode).toBe(403);
    const del = await call(t.app, tok.solicitante!, DELETE, { id: r.id });
    expect(del.statusCode).toBe(403);
    expect(await row(r.id)).toBeDefined();
  });
});

describe('nothing in the author’s body moves the request out of its company or author', () => {
  it('forged id_empresa, id_usuario, id_grupo, version and creator flags are refused or ignored', async () => {
    const r = await fresh();
    const before = await row(r.id);
    const res = await call(t.app, tok.solicitante!, EDIT, {
      id: r.id,
      version: r.version,
      status: r.status,
      numero: '66',
      id_empresa: 1,
      idEmpresa: 1,
      id_usuario: 1,
      id_grupo: 1,
      autor_pode_corrigir: true,
      creatorWindow: true,
    });
    expect(res.statusCode).toBeLessThan(500);
    const after = await row(r.id);
    expect({ empresa: after!.idEmpresa, autor: after!.idUsuario }).toEqual({
      empresa: before!.idEmpresa,
      autor: before!.idUsuario,
    });
    // The tower user (another company) still cannot see it.
    expect((await call(t.app, tok.tower!, '/api/novas-unidades/list', { id: r.id })).statusCode).toBe(404);
  });

  it("another company's user answers 404 on both calls; profile 3 is refused before anything is read", async () => {
    const r = await fresh();
    const del = await call(t.app, tok.tower!, DELETE, { id: r.id });
    const fix = await call(t.app, tok.tower!, EDIT, {
      id: r.id,
      version: r.version,
      status: r.status,
      numero: '77',
    });
    expect([del.statusCode, fix.statusCode]).toEqual([404, 404]);
    for (const body of [{ id: r.id }, { id: 'x' }, {}]) {
      const res = await call(t.app, tok.consulta!, DELETE, body);
      expect(res.statusCode).toBe(403);
    }
    expect(await row(r.id)).toBeDefined();
  });

  it('a withdrawn request stays withdrawn: a second delete and a late correction find nothing', async () => {
    const r = await fresh();
    expect((await call(t.app, tok.solicitante!, DELETE, { id: r.id })).statusCode).toBe(200);
    const again = await call(t.app, tok.solicitante!, DELETE, { id: r.id });
    const late = await call(t.app, tok.solicitante!, EDIT, {
      id: r.id,
      version: r.version,
      status: r.status,
      numero: '88',
    });
    expect([again.statusCode, late.statusCode]).toEqual([404, 404]);
  });

  it.each([[-1], [0], [1.5], ['1 or 1=1'], [[1]], [{ id: 1 }], [2 ** 63], [null]])(
    'delete with id %j is a 4xx naming the field',
    async (id) => {
      const res = await call(t.app, tok.solicitante!, DELETE, { id });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ error: 1, msg: expect.any(String) });
    },
  );
});
