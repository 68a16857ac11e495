import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP, REQUEST_FILES } from '@portal/domain';
import { anexos, grupos, solicitacoes } from '../../src/db/schema.ts';
import { call } from '../support/requests.ts';
import { harness, type Harness } from './support.ts';

/**
 * GUIDE §7 'what a screen hides, the API does not serve': /pos-aprovacao/registro shows the request
 * "as the validator's role reads it on its form (the same fields and files, no more)". Compared,
 * field by field and file by file, with what /api/novas-unidades/list {id} gives the same user.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.t.close());

/** A unit at `status` with every optional column filled and a file in every slot. */
async function fullUnit(status: number) {
  const u = await h.unit({ status });
  await h.t.app.db
    .update(solicitacoes)
    .set({
      siteId: 'SITE01',
      municipio: 'São Paulo',
      endereco: 'Avenida Paulista',
      numero: '1000',
      bairro: 'Bela Vista',
      complemento: 'Torre B',
      cnpjTim: '02421421000111',
      cnpjSolicitada: '48392015000179',
      unidadeNova: 'NOVA1',
      numeroMedidor: 'MED1',
      protocolo: 'PROT-1',
      numeroAgrupamento: 'AGR1',
      diretoria: 'DIR',
      smp: 'SMP1',
      novaUc: 'NUC1',
      dataAtivacao: '2026-01-11',
    })
    .where(eq(solicitacoes.id, u.id));
  const [fresh] = await h.t.app.db
    .select({ version: solicitacoes.version })
    .from(solicitacoes)
    .where(eq(solicitacoes.id, u.id));
  const [owner] = await h.t.app.db
    .select({ id: solicitacoes.idUsuario })
    .from(solicitacoes)
    .where(eq(solicitacoes.id, u.id));
  for (const tipo of REQUEST_FILES) {
    await h.t.app.db.insert(anexos).values({
      idSolicitacao: u.id,
      tipo,
      nomeArquivo: `${tipo}.pdf`,
      storageKey: `hostile/${u.id}/${tipo}`,
      tamanho: 10,
      mime: 'application/pdf',
      idUsuario: owner!.id,
    });
  }
  return { id: u.id, version: fresh!.version };
}

const STATUSES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

describe('registro gives no field or file the request form hides from the same user', () => {
  for (const who of ['amee', 'admin', 'consulta']) {
    it(`${who}: for every status, registro.solicitacao equals novas-unidades/list {id}`, async () => {
      const broken: string[] = [];
      for (const status of STATUSES) {
        const u = await fullUnit(status);
        const form = await call(h.t.app, h.tokens[who]!, '/api/novas-unidades/list', { id: u.id });
        const reg = await h.read(who, u.id);
        if (form.statusCode !== 200) {
          if (reg.statusCode === 200)
            broken.push(`status ${status}: form ${form.statusCode} but registro 200`);
          continue;
        }
        if (reg.statusCode !== 200) continue; // serving less is allowed
        const a = reg.json().dados.solicitacao as Record<string, unknown>;
        const b = form.json().dados as Record<string, unknown>;
        const extra = Object.keys(a).filter((k) => !(k in b));
        const differ = Object.keys(a).filter((k) => k in b && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
        if (extra.length || differ.length) broken.push(`status ${status}: extra ${extra} differ ${differ}`);
      }
      expect(broken).toEqual([]);
    });
  }
});

describe('registro serves the units of the post-approval screens, not every energy request', () => {
  it('a provider group without the cadastro flag has no UC Nova menu: registro must not open requests that never reached post-approval', async () => {
    const [group] = await h.t.app.db.select().from(grupos).where(eq(grupos.id, GROUP.AMEE));
    await h.t.app.db.update(grupos).set({ cadastro: false }).where(eq(grupos.id, GROUP.AMEE));
    try {
      const broken: string[] = [];
      for (const status of [0, 1, 3, 5, 6, 7, 9]) {
        const u = await fullUnit(status);
        const form = await call(h.t.app, h.tokens.amee!, '/api/novas-unidades/list', { id: u.id });
        expect(form.statusCode, `status ${status} form`).toBe(403);
        const reg = await h.read('amee', u.id);
        if (reg.statusCode === 200) {
          const s = reg.json().dados.solicitacao;
          broken.push(
            `status ${status}: registro 200 with ${Object.keys(s).length} keys (e.g. cnpj_solicitada=${s.cnpj_solicitada}, requester e-mail ${s.solicitante?.email ?? s.email ?? '?'})`,
          );
        }
      }
      expect(broken).toEqual([]);
    } finally {
      await h.t.app.db.update(grupos).set({ cadastro: group!.cadastro }).where(eq(grupos.id, GROUP.AMEE));
    }
  });
});
