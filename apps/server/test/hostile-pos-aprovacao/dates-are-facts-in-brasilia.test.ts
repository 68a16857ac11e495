import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { finalValidation, harness, preValidation, type Harness } from './support.ts';

/**
 * The validation and invoice dates are facts: never after today *in Brasília* (the users' day,
 * whatever the server's zone), calendar-valid, within what PostgreSQL stores; a refused date is a
 * 4xx naming the field and writes nothing.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Freezes the clock the schemas read (`new Date()`); the database keeps its own. */
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

describe("'future' is Brasília's day, not UTC's", () => {
  it('at 22:30 in Brasília (01:30 UTC next day) the UTC date is still the future', async () => {
    const pre = await h.unit();
    const follow = await h.atStage(3);
    at('2026-11-25T01:30:00Z'); // Brasília: 2026-11-24 22:30
    const v1 = await h.validate('amee', preValidation(pre, { data_validacao: '2026-11-25' }));
    expect(v1.statusCode, v1.body).toBe(422);
    expect(v1.json().campo).toBe('data_validacao');
    const f1 = await h.followUp('amee', { ...follow, situacao: 1, data_primeira_fatura: '2026-11-25' });
    expect(f1.statusCode, f1.body).toBe(422);
    expect(f1.json().campo).toBe('data_primeira_fatura');
    const f2 = await h.followUp('amee', {
      ...follow,
      situacao: 1,
      data_primeira_fatura: '2026-11-24',
      data_recebimento_fatura: '2026-11-25',
    });
    expect(f2.statusCode, f2.body).toBe(422);
    expect(f2.json().campo).toBe('data_recebimento_fatura');
    expect(await h.effects(pre.id)).toMatchObject({ validacoes: 0, observacoes: 0, audit: 0 });
    const ok = await h.validate('amee', preValidation(pre, { data_validacao: '2026-11-24' }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('at 00:30 in Brasília (03:30 UTC) today is accepted; the edge is 03:00 UTC exactly', async () => {
    const a = await h.atStage(3);
    at('2026-11-25T02:59:59.999Z');
    expect(
      (await h.followUp('amee', { ...a, situacao: 1, data_primeira_fatura: '2026-11-25' })).statusCode,
    ).toBe(422);
    at('2026-11-25T03:00:00.000Z');
    const ok = await h.followUp('amee', {
      ...a,
      situacao: 2,
      data_primeira_fatura: '2026-11-25',
      data_recebimento_fatura: '2026-11-25',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('tomorrow in Brasília is refused all day long, including just after midnight UTC', async () => {
    const u = await h.unit();
    for (const now of ['2026-11-24T00:00:01Z', '2026-11-24T12:00:00Z', '2026-11-25T02:59:00Z']) {
      at(now);
      const brt = new Date(new Date(now).getTime() - 3 * 3600_000).toISOString().slice(0, 10);
      const tomorrow = new Date(new Date(`${brt}T12:00:00Z`).getTime() + 86400_000)
        .toISOString()
        .slice(0, 10);
      const res = await h.validate('amee', preValidation(u, { data_validacao: tomorrow }));
      expect(res.statusCode, `${now} ${tomorrow}`).toBe(422);
    }
  });
});

describe('calendar edges', () => {
  it('29 February: a real past leap day is accepted, a non-leap one is invalid, a future one is future', async () => {
    const u = await h.unit();
    const bad = await h.validate('amee', preValidation(u, { data_validacao: '2026-02-29' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().msg).toContain('Data da Validação');
    const future = await h.validate('amee', preValidation(u, { data_validacao: '2028-02-29' }));
    expect(future.statusCode).toBe(422);
    expect(future.json().msg).toBe('O campo Data da Validação não pode ser uma data futura.');
    const ok = await h.validate('amee', preValidation(u, { data_validacao: '2024-02-29' }));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('far-past dates PostgreSQL stores are never a 500, and read back exactly as sent', async () => {
    for (const d of ['0001-01-01', '1000-06-15', '1899-12-31']) {
      const u = await h.unit();
      const res = await h.validate('amee', preValidation(u, { data_validacao: d }));
      expect([200, 422], `${d}: ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 200) {
        const rec = await h.read('amee', u.id);
        expect(rec.statusCode, rec.body).toBe(200);
        expect(rec.json().dados.validacoes[0].data_validacao).toBe(d);
      }
      const f = await h.atStage(3);
      const fu = await h.followUp('amee', {
        ...f,
        situacao: 1,
        data_primeira_fatura: d,
        data_recebimento_fatura: d,
      });
      expect([200, 422], `${d}: ${fu.body}`).toContain(fu.statusCode);
      if (fu.statusCode === 200) {
        const rec = await h.read('amee', f.id);
        expect(rec.statusCode, rec.body).toBe(200);
        expect(rec.json().dados).toMatchObject({ data_primeira_fatura: d, data_recebimento_fatura: d });
        const list = await h.list('amee', { lista: 'acompanhamento', per_page: 50 });
        expect(list.statusCode, list.body).toBe(200);
      }
    }
  });

  it('received before issued is refused naming data_recebimento_fatura; same day is fine', async () => {
    const u = await h.atStage(3);
    const bad = await h.followUp('amee', {
      ...u,
      situacao: 1,
      data_primeira_fatura: '2026-03-02',
      data_recebimento_fatura: '2026-03-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().campo).toBe('data_recebimento_fatura');
    const ok = await h.followUp('amee', {
      ...u,
      situacao: 1,
      data_primeira_fatura: '2026-03-02',
      data_recebimento_fatura: '2026-03-02',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a follow-up changes only what it is sent', () => {
  it('a follow-up that omits the dates (only an observation) does not erase the dates already recorded', async () => {
    const u = await h.atStage(3);
    const first = await h.followUp('amee', {
      ...u,
      situacao: 1,
      data_primeira_fatura: '2026-03-02',
      data_recebimento_fatura: '2026-03-05',
    });
    expect(first.statusCode).toBe(200);
    const second = await h.followUp('amee', {
      id: u.id,
      version: first.json().version,
      situacao: 1,
      observacao: 'Cobrado da concessionária.',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await h.stored(u.id)).toMatchObject({
      dataPrimeiraFatura: '2026-03-02',
      dataRecebimentoFatura: '2026-03-05',
    });
  });

  it('a receipt sent alone is checked against the issue date already recorded', async () => {
    const u = await h.atStage(3);
    const first = await h.followUp('amee', { ...u, situacao: 1, data_primeira_fatura: '2026-03-02' });
    expect(first.statusCode).toBe(200);
    const early = await h.followUp('amee', {
      id: u.id,
      version: first.json().version,
      situacao: 1,
      data_recebimento_fatura: '2026-03-01',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().campo).toBe('data_recebimento_fatura');
    expect(await h.stored(u.id)).toMatchObject({
      dataRecebimentoFatura: null,
      version: first.json().version,
    });
  });
});

describe('final validation takes no date but does not choke on one', () => {
  it('a data_validacao in the future sent with tipo 2 is ignored (not stored)', async () => {
    const u = await h.atStage(2);
    const res = await h.validate('amee', finalValidation(u, { data_validacao: '2999-01-01' }));
    expect(res.statusCode, res.body).toBe(200);
    const rec = (await h.read('amee', u.id)).json().dados;
    expect(rec.validacoes[0]).toMatchObject({ tipo: 2, data_validacao: null });
  });
});
