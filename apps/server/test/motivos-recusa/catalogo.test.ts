import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REASON_NAME_MAX, REFUSAL_MOVES } from '@portal/domain';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { lastAudit, signedIn } from '../admin/support.ts';

/**
 * Issue 34 step 3: the administrator keeps the catalogue of reasons per refusing move (add, rename,
 * deactivate; never delete); every other role is refused; the dialogs read the active reasons of
 * one move.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let celula: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin@demo.portal');
  celula = await signedIn(t.app, 'celula@demo.portal');
});
afterAll(() => t.close());

describe('the catalogue of reasons (/motivos-recusa)', () => {
  it('is seeded with reasons for every refusing move', async () => {
    for (const { move } of REFUSAL_MOVES) {
      const res = await admin.post('/motivos-recusa/list', { movimento: move });
      expect(res.status).toBe(200);
      expect(res.body.total, move).toBeGreaterThan(0);
    }
  });

  it('only administrators list, add or edit it; every other role is refused with 403', async () => {
    const [row] = (await admin.post('/motivos-recusa/list', { movimento: 'solicitacao.6' })).body.dados;
    for (const email of ['celula', 'regional', 'amee', 'solicitante', 'consulta', 'tower', 'property']) {
      const who = email === 'celula' ? celula : await signedIn(t.app, `${email}@demo.portal`);
      expect((await who.post('/motivos-recusa/list', {})).status, email).toBe(403);
      expect((await who.post('/motivos-recusa/add', { movimento: 'solicitacao.6', nome: 'X' })).status).toBe(
        403,
      );
      expect(
        (
          await who.post('/motivos-recusa/edit', {
            id: row.id,
            version: row.version,
            nome: 'X',
            ativo: false,
          })
        ).status,
      ).toBe(403);
    }
    const after = (await admin.post('/motivos-recusa/list', { id: row.id })).body.dados;
    expect(after).toMatchObject({ nome: row.nome, ativo: true, version: row.version });
  });

  it('the administrator adds, renames and deactivates a reason; each change is audited', async () => {
    const added = await admin.post('/motivos-recusa/add', {
      movimento: 'solicitacao.9',
      nome: 'Foto do medidor ausente',
    });
    expect(added.status).toBe(200);
    const row = added.body.dados;
    expect(row).toMatchObject({ movimento: 'solicitacao.9', nome: 'Foto do medidor ausente', ativo: true });
    expect(await lastAudit(t.app, 'motivo_recusa', row.id, 'criar')).toBeTruthy();

    const renamed = await admin.post('/motivos-recusa/edit', {
      id: row.id,
      version: row.version,
      nome: 'Foto do medidor ilegível',
      ativo: false,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.dados).toMatchObject({ nome: 'Foto do medidor ilegível', ativo: false });
    expect(await lastAudit(t.app, 'motivo_recusa', row.id, 'editar')).toBeTruthy();

    const options = await celula.get('/motivos-recusa/opcoes?movimento=solicitacao.9');
    expect(options.status).toBe(200);
    expect(options.body.dados.map((o: { id: number }) => o.id)).not.toContain(row.id);
    expect(options.body.dados.length).toBeGreaterThan(0);
  });

  it('the options answer only the active reasons of the move asked', async () => {
    const options = (await celula.get('/motivos-recusa/opcoes?movimento=regularizacao.5')).body.dados;
    const all = (await admin.post('/motivos-recusa/list', { movimento: 'regularizacao.5', per_page: 50 }))
      .body.dados;
    expect(options.map((o: { id: number }) => o.id).sort()).toEqual(
      all
        .filter((r: { ativo: boolean }) => r.ativo)
        .map((r: { id: number }) => r.id)
        .sort(),
    );
  });

  it('hostile input is refused naming the field: unknown move, blank or long name, a name taken, a stale version', async () => {
    const move = await admin.post('/motivos-recusa/add', { movimento: 'solicitacao.7', nome: 'Aprovar' });
    expect(move.status).toBe(422);
    expect(move.body.campo).toBe('movimento');
    expect((await celula.get('/motivos-recusa/opcoes?movimento=qualquer')).body.campo).toBe('movimento');

    const blank = await admin.post('/motivos-recusa/add', { movimento: 'solicitacao.6', nome: '   ' });
    expect(blank.body.campo).toBe('nome');
    const long = await admin.post('/motivos-recusa/add', {
      movimento: 'solicitacao.6',
      nome: 'x'.repeat(REASON_NAME_MAX + 1),
    });
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(long.body.campo).toBe('nome');

    const taken = await admin.post('/motivos-recusa/add', {
      movimento: 'solicitacao.6',
      nome: 'Documento ilegível',
    });
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({ campo: 'nome' });
  });

  it('a name that differs only in case, accents or outer spaces is taken too: the dialog would offer the same reason twice', async () => {
    const before = (await admin.post('/motivos-recusa/list', { movimento: 'solicitacao.6' })).body.total;
    for (const nome of ['DOCUMENTO ILEGÍVEL', 'documento ilegivel', '  Documento Ilegível ']) {
      const twin = await admin.post('/motivos-recusa/add', { movimento: 'solicitacao.6', nome });
      expect(twin.status, nome).toBe(422);
      expect(twin.body).toMatchObject({
        msg: 'Já existe um motivo com este nome para esta ação.',
        campo: 'nome',
      });
    }
    const [other] = (
      await admin.post('/motivos-recusa/list', { movimento: 'solicitacao.6' })
    ).body.dados.filter((r: { nome: string }) => r.nome !== 'Documento ilegível');
    const renamed = await admin.post('/motivos-recusa/edit', {
      id: other.id,
      version: other.version,
      nome: 'DOCUMENTO ILEGÍVEL',
      ativo: true,
    });
    expect(renamed.status).toBe(422);
    expect((await admin.post('/motivos-recusa/list', { movimento: 'solicitacao.6' })).body.total).toBe(
      before,
    );
  });

  it('two administrators adding case twins of one new name at once: one is saved, the other told the name is taken', async () => {
    const answers = await Promise.all(
      ['Medidor sem lacre', 'MEDIDOR SEM LACRE', 'medidor sem lacre'].map((nome) =>
        admin.post('/motivos-recusa/add', { movimento: 'solicitacao.14', nome }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    for (const refused of answers.filter((a) => a.status === 422))
      expect(refused.body).toMatchObject({
        msg: 'Já existe um motivo com este nome para esta ação.',
        campo: 'nome',
      });
    const listed = (await admin.post('/motivos-recusa/list', { movimento: 'solicitacao.14', q: 'lacre' }))
      .body;
    expect(listed.total).toBe(1);
  });

  it('hostile edits: a stale version, a forged id, a forged move', async () => {
    const [row] = (await admin.post('/motivos-recusa/list', { movimento: 'solicitacao.14' })).body.dados;
    const stale = await admin.post('/motivos-recusa/edit', {
      id: row.id,
      version: row.version + 5,
      nome: 'Outro nome',
      ativo: true,
    });
    expect(stale.status).toBe(409);
    const forged = await admin.post('/motivos-recusa/edit', { id: 2_000_000_000, nome: 'X', ativo: true });
    expect(forged.status).toBe(404);
    // A reason's move is fixed: the history that names it must keep meaning the same.
    const moved = await admin.post('/motivos-recusa/edit', {
      id: row.id,
      version: row.version,
      nome: row.nome,
      ativo: true,
      movimento: 'solicitacao.3',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.dados.movimento).toBe('solicitacao.14');
  });
});
