import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP } from '@portal/domain';
import { EXPORT_ORIGINS } from '@portal/domain/contracts/exports';
import { regionais, usuarioRegionais, usuarios } from '../../src/db/schema.ts';
import { insertSyntheticRequests } from '../support/synthetic-requests.ts';
import { parseCsv } from '../support/csv.ts';
import { createTestApp, DEMO_NAMES, loginDemo, runQueue, type TestApp } from '../support/test-app.ts';
import { askExport, get } from '../exportacoes/support.ts';

/**
 * Hostile review of issue 16: the queue is no way around a list's rules. For every demo role and
 * every list the queue exports, asking for the file is answered as the direct download is, and
 * the file holds the direct download's bytes, whatever filters try to widen the scope.
 */
let t: TestApp;
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await loginDemo(t.app);
  // Requests of every regional and company, so each list has rows in and out of each scope.
  await insertSyntheticRequests(t.app.db, 300);
});
afterAll(() => t.close());

/** Filters a client could forge to reach rows beyond its scope (each one a filter the lists take). */
const FORGED: Record<string, string | number>[] = [{}, { regional: 1, status: 'Todos' }, { regional: 7 }];
const queryOf = (filtros: Record<string, string | number>) =>
  new URLSearchParams({
    ...Object.fromEntries(Object.entries(filtros).map(([k, v]) => [k, String(v)])),
    formato: 'csv',
  });

describe('the queued file and the direct download', () => {
  it('every role, every list, forged scope filters: the same refusal or the same bytes', async () => {
    const broken: string[] = [];
    let compared = 0;
    for (const who of DEMO_NAMES) {
      for (const { origem } of EXPORT_ORIGINS) {
        for (const filtros of FORGED) {
          const what = `${who} ${origem} ${JSON.stringify(filtros)}`;
          const direct = await get(t.app, tokens[who]!, `/api/${origem}?${queryOf(filtros)}`);
          const asked = await askExport(t.app, tokens[who]!, { origem, formato: 'csv', filtros });
          // A filter the list does not take: the direct call ignores it, the queue refuses it.
          if (asked.statusCode === 400 && asked.json().msg.startsWith('Filtro desconhecido')) continue;
          if (direct.statusCode !== 200 || asked.statusCode !== 200) {
            // The list's own refusal, word for word (a filter it rejects, or a role it refuses).
            if (asked.statusCode !== direct.statusCode || asked.json().msg !== direct.json().msg)
              broken.push(
                `${what}: queued ${asked.statusCode} ${asked.body.slice(0, 100)}, direct ${direct.statusCode} ${direct.body.slice(0, 100)}`,
              );
            continue;
          }
          await runQueue(t.app);
          const file = await get(t.app, tokens[who]!, `/api/exportacoes/${asked.json().dados.id}/arquivo`);
          if (file.statusCode !== 200 || !file.rawPayload.equals(direct.rawPayload))
            broken.push(`${what}: the queued file is not the direct download (${file.statusCode})`);
          compared++;
        }
      }
    }
    expect(broken).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  });
});

describe('the scope is the one of the moment the file is written', () => {
  it('a célula moved to a regional group after asking gets only that regional’s rows', async () => {
    const origem = 'novas-unidades/relatorio/exportar';
    const asked = await askExport(t.app, tokens.celula!, { origem, formato: 'csv' });
    expect(asked.statusCode, asked.body).toBe(200);
    const [celula] = await t.app.db.select().from(usuarios).where(eq(usuarios.email, 'celula@demo.portal'));
    const [tsp] = await t.app.db.select().from(regionais).where(eq(regionais.regional, 'TSP'));
    await t.app.db.update(usuarios).set({ idGrupo: GROUP.REGIONAL }).where(eq(usuarios.id, celula!.id));
    await t.app.db.insert(usuarioRegionais).values({ idUsuario: celula!.id, idRegional: tsp!.id });
    try {
      await runQueue(t.app);
      const file = await get(t.app, tokens.celula!, `/api/exportacoes/${asked.json().dados.id}/arquivo`);
      expect(file.statusCode).toBe(200);
      const [header, ...rows] = parseCsv(file.rawPayload.toString('utf8'));
      const regional = header!.indexOf('Regional');
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r[regional]))).toEqual(new Set(['TSP - São Paulo']));
    } finally {
      await t.app.db.delete(usuarioRegionais).where(eq(usuarioRegionais.idUsuario, celula!.id));
      await t.app.db.update(usuarios).set({ idGrupo: celula!.idGrupo }).where(eq(usuarios.id, celula!.id));
    }
  });
});
