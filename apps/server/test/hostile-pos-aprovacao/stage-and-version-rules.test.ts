import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION } from '@portal/domain';
import { regularizacoes, solicitacoes } from '../../src/db/schema.ts';
import { counterDrift } from '../../src/requests-core/counts-repo.ts';
import { call } from '../support/requests.ts';
import { finalValidation, harness, preValidation, type Harness } from './support.ts';

/**
 * A save acts only on the version the user read (else 409) and only on a unit waiting at the
 * screen's stage (else 422); forged fields never move a unit; foreign ids are 404. Nothing is
 * written on any refusal.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

describe('version games', () => {
  it('stale, future, zero-based and string versions: only the stored one is accepted', async () => {
    const u = await h.unit();
    const before = await h.effects(u.id);
    for (const version of [u.version + 1, u.version + 1000, 2 ** 31 - 1]) {
      const res = await h.validate('amee', preValidation({ id: u.id, version }));
      expect(res.statusCode, String(version)).toBe(409);
      expect(res.json().msg).toBe(STALE_VERSION);
    }
    expect(await h.effects(u.id)).toEqual(before);
    const ok = await h.validate(
      'amee',
      preValidation({ id: u.id, version: String(u.version) as unknown as number }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('replaying the same pre-validation after it was saved is 409 and writes nothing more', async () => {
    const u = await h.unit();
    const first = await h.validate('amee', preValidation(u));
    expect(first.statusCode).toBe(200);
    const after = await h.effects(u.id);
    for (const replay of [preValidation(u), preValidation(u, { status: 2, observacao: 'refazer' })]) {
      const res = await h.validate('amee', replay);
      expect(res.statusCode).toBe(409);
    }
    expect(await h.effects(u.id)).toEqual(after);
  });

  it('replaying a pre-validation with the fresh version, after the unit moved on, is 422 and writes nothing', async () => {
    const u = await h.atStage(2);
    const before = await h.effects(u.id);
    const res = await h.validate('amee', preValidation(u));
    expect(res.statusCode, res.body).toBe(422);
    const back = await h.validate('amee', preValidation(u, { status: 2, observacao: 'x' }));
    expect(back.statusCode, back.body).toBe(422);
    expect(await h.effects(u.id)).toEqual(before);
  });
});

describe('a unit not waiting at the screen stage', () => {
  it('a unit sent back to 14 cannot be validated again nor followed up (fresh version too)', async () => {
    const u = await h.unit();
    const sent = await h.validate('amee', preValidation(u, { status: 2, observacao: 'Endereço divergente' }));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 14, etapa: null });
    const v = { id: u.id, version: sent.json().version as number };
    const before = await h.effects(u.id);
    expect(before).toMatchObject({ statusCode: 14, posEtapa: null, status: 1 });
    for (const res of [
      await h.validate('amee', preValidation(v)),
      await h.validate('amee', preValidation(v, { status: 2, observacao: 'de novo' })),
      await h.validate('amee', finalValidation(v)),
      await h.validate('amee', finalValidation(v, { status: 2, observacao: 'de novo' })),
      await h.followUp('amee', { ...v, situacao: 2, data_primeira_fatura: '2026-01-01' }),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
    }
    expect(await h.effects(u.id)).toEqual(before);
  });

  it("a unit 'Ativa' takes no follow-up and no validation; its dates stay", async () => {
    const u = await h.atStage(4);
    const before = await h.effects(u.id);
    const row = await h.stored(u.id);
    for (const res of [
      await h.followUp('amee', { ...u, situacao: 1 }),
      await h.followUp('amee', { ...u, situacao: 2, data_primeira_fatura: '2026-02-01' }),
      await h.validate('amee', preValidation(u)),
      await h.validate('amee', finalValidation(u, { status: 2, observacao: 'x' })),
    ]) {
      expect(res.statusCode, res.body).toBe(422);
    }
    expect(await h.effects(u.id)).toEqual(before);
    expect((await h.stored(u.id)).dataPrimeiraFatura).toBe(row.dataPrimeiraFatura);
  });

  it('the wrong screen for the stage is 422: final at 1, pre at 3, follow-up at 1 and 2', async () => {
    const at1 = await h.atStage(1);
    const at2 = await h.atStage(2);
    const at3 = await h.atStage(3);
    const before = await Promise.all([at1, at2, at3].map((u) => h.effects(u.id)));
    expect((await h.validate('amee', finalValidation(at1))).statusCode).toBe(422);
    expect((await h.validate('amee', preValidation(at3))).statusCode).toBe(422);
    expect((await h.validate('amee', finalValidation(at3, { status: 2, observacao: 'x' }))).statusCode).toBe(
      422,
    );
    expect(
      (await h.followUp('amee', { ...at1, situacao: 2, data_primeira_fatura: '2026-01-01' })).statusCode,
    ).toBe(422);
    expect((await h.followUp('amee', { ...at2, situacao: 1 })).statusCode).toBe(422);
    expect(await Promise.all([at1, at2, at3].map((u) => h.effects(u.id)))).toEqual(before);
  });

  it('a new unit at any status other than 8 is refused (422) on every save, nothing written', async () => {
    const broken: string[] = [];
    for (const status of [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16]) {
      const u = await h.unit({ status });
      const before = await h.effects(u.id);
      for (const res of [
        await h.validate('amee', preValidation(u)),
        await h.validate('amee', preValidation(u, { status: 2, observacao: 'x' })),
        await h.validate('amee', finalValidation(u, { status: 2, observacao: 'x' })),
        await h.followUp('amee', { ...u, situacao: 2, data_primeira_fatura: '2026-01-01' }),
      ]) {
        if (res.statusCode !== 422)
          broken.push(`status ${status}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      if (JSON.stringify(await h.effects(u.id)) !== JSON.stringify(before))
        broken.push(`status ${status}: written`);
    }
    expect(broken).toEqual([]);
  });
});

describe('ids that are not an energy new unit', () => {
  it('water unit, ownership changes (energy and water), a regularization id, absent and max ids: 404 on read and on every save', async () => {
    const water = await h.unit({ fluxo: 'agua' });
    const change = await h.unit({ tipo: 'troca' });
    const waterChange = await h.unit({ fluxo: 'agua', tipo: 'troca' });
    // A unit of another form wearing a stage it should never have (as a bad import could leave it).
    await h.t.app.db
      .update(solicitacoes)
      .set({ posEtapa: 1, posEtapaDesde: new Date() })
      .where(eq(solicitacoes.id, water.id));
    const [reg] = await h.t.app.db.select({ id: regularizacoes.id }).from(regularizacoes).limit(1);
    const ids = [
      water.id,
      change.id,
      waterChange.id,
      2 ** 31 - 1,
      999_999,
      ...(reg ? [reg.id + 1_000_000] : []),
    ];
    const broken: string[] = [];
    for (const id of ids) {
      const v = { id, version: 1 };
      for (const [what, res] of [
        ['read', await h.read('amee', id)],
        ['pre', await h.validate('amee', preValidation(v))],
        ['final', await h.validate('amee', finalValidation(v))],
        ['follow', await h.followUp('amee', { ...v, situacao: 1 })],
      ] as const) {
        if (res.statusCode !== 404) broken.push(`${id} ${what}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(broken).toEqual([]);
    // and the stage-wearing water unit does not show up in the lists either
    const listed = await h.list('amee', { lista: 'pre-validacao', q: h.prefix, per_page: 50 });
    expect(listed.json().dados.map((r: { id: number }) => r.id)).not.toContain(water.id);
  });
});

describe('forged fields never move a unit', () => {
  it('status, pos_etapa, etapa, situacao, fluxo, version_nova, id_solicitacao, id_usuario and nome in the body change nothing beyond the rule', async () => {
    const u = await h.unit();
    const res = await h.validate('amee', {
      ...preValidation(u),
      pos_etapa: 4,
      posEtapa: 4,
      etapa: 4,
      situacao: 2,
      fluxo: 'agua',
      id_solicitacao: 1,
      id_usuario: 1,
      nome: 'Administrador Forjado',
      data_primeira_fatura: '2026-01-01',
      created_at: '2000-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await h.stored(u.id);
    expect(row).toMatchObject({
      posEtapa: 2,
      status: 8,
      fluxo: 'energia',
      dataPrimeiraFatura: null,
      version: u.version + 1,
    });
    const rec = (await h.read('amee', u.id)).json().dados;
    expect(rec.validacoes[0].nome).toBe('Alberto Operador AME');
  });

  it('a follow-up with a forged status 14 or etapa 1 only records dates', async () => {
    const u = await h.atStage(3);
    const res = await h.followUp('amee', { ...u, situacao: 1, status: 14, etapa: 1, pos_etapa: 1, tipo: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await h.stored(u.id)).toMatchObject({ status: 8, posEtapa: 3 });
  });
});

describe('the only way out of 8 is Não Aprovado', () => {
  it("nobody moves an 'Ativa' or a waiting unit out of 8 through the request form", async () => {
    const ativa = await h.atStage(4);
    const waiting = await h.atStage(2);
    for (const u of [ativa, waiting]) {
      for (const who of ['amee', 'celula', 'admin']) {
        const current = await h.stored(u.id);
        for (const status of [7, 14, 2, 0]) {
          const res = await call(h.t.app, h.tokens[who]!, '/api/novas-unidades/edit', {
            id: u.id,
            version: current.version,
            status,
          });
          expect(res.statusCode, `${who} ${status}: ${res.body}`).not.toBe(200);
          expect(res.statusCode).toBeLessThan(500);
        }
      }
    }
    expect(await h.stored(ativa.id)).toMatchObject({ status: 8, posEtapa: 4 });
    expect(await h.stored(waiting.id)).toMatchObject({ status: 8, posEtapa: 2 });
  });

  it('an edit that keeps status 8 (observation only) does not restart the stage', async () => {
    const u = await h.atStage(3);
    const before = await h.stored(u.id);
    const res = await call(h.t.app, h.tokens.amee!, '/api/novas-unidades/edit', {
      id: u.id,
      version: u.version,
      status: 8,
      observacao: 'Conferido na base.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await h.stored(u.id);
    expect(after.posEtapa).toBe(3);
    expect(after.posEtapaDesde?.getTime()).toBe(before.posEtapaDesde?.getTime());
  });

  it('sending back to 14 keeps the request counters in step with the rows', async () => {
    const u = await h.atStage(2);
    const res = await h.validate(
      'amee',
      finalValidation(u, { status: 2, observacao: 'Sem conta contábil.' }),
    );
    expect(res.statusCode).toBe(200);
    expect(await counterDrift(h.t.app.db)).toEqual([]);
  });
});
