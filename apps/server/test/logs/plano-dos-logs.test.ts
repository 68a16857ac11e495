import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { auditLogListBody } from '@portal/domain/contracts/audit-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedCountQuery, pageIdsQuery } from '../../src/modules/logs/repo.ts';
import { planNodes } from '../support/query-plan.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 14: /logs reads every filter's page and total off an index at 100,000 entries — never a
 * sequential scan of the audit trail — and an entity with an action finds its rows by both.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Ten entities and eight actions cycling together: each alone is common, and an even entity
  // never meets an odd action, so 'usuario' (index 1, odd) with 'criar' (index 2, even) is rare.
  await t.app.db.execute(sql`
    insert into audit_log (id_usuario, acao, entidade, entidade_id, antes, depois, ip, created_at)
    select (select min(id) from usuarios) + (i % 5),
           (array['login','editar','criar','apagar','pre-validar','validar-final','acompanhar','confirmar'])[1 + i % 8],
           (array['sessao','usuario','regional','solicitacao.energia.nova','solicitacao.agua.nova','empresa',
                  'grupo','concessionaria','base-provedor','regularizacao'])[1 + i % 10],
           i::text, '{"nome":"antes"}', '{"nome":"depois"}', '127.0.0.1',
           now() - make_interval(mins => (100000 - i) * 10)
    from generate_series(1, 100000) as i`);
  await t.app.db.execute(sql`
    insert into audit_log (acao, entidade, entidade_id, created_at)
    select 'criar', 'usuario', i::text, now() from generate_series(1, 5) as i`);
  await t.app.db.execute(sql`vacuum analyze audit_log`);
}, 180_000);
afterAll(() => t.close());

/** The plan of a query with its values written in, as EXPLAIN takes it. */
async function planOf(query: { getSQL(): SQL }) {
  const { sql: text, params } = new PgDialect().sqlToQuery(query.getSQL().inlineParams());
  expect(params).toEqual([]);
  return planNodes(t.app.db, sql.raw(text));
}

const aYearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const aYearAgoPlusMonth = new Date(Date.now() - 335 * 86_400_000).toISOString().slice(0, 10);

describe('the plan of each /logs filter at 100,000 entries', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['no filter', {}],
    ['a user', { id_usuario: 1 }],
    ['an entity', { entidade: 'regional' }],
    ['an action', { acao: 'editar' }],
    ['an entity with a rare action', { entidade: 'usuario', acao: 'criar' }],
    ['a month a year ago', { de: aYearAgo, ate: aYearAgoPlusMonth }],
    ['a month a year ago, page 100', { de: aYearAgo, ate: aYearAgoPlusMonth, page: 100 }],
  ];
  // A scan without a filter under the count's limit reads that many rows and stops: only a scan
  // that filters reads rows it then throws away.
  it.each(cases)('%s: page and total never filter the audit trail row by row', async (_name, filters) => {
    const query = auditLogListBody.parse(filters);
    for (const statement of [pageIdsQuery(t.app.db, query), cappedCountQuery(t.app.db, query, 1000)]) {
      const scans = (await planOf(statement)).filter(
        (n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'audit_log' && n.Filter,
      );
      expect(scans).toEqual([]);
    }
  });

  it('an entity with an action is found through the index of both', async () => {
    const query = auditLogListBody.parse({ entidade: 'usuario', acao: 'criar' });
    for (const statement of [pageIdsQuery(t.app.db, query), cappedCountQuery(t.app.db, query, 1000)]) {
      const indexes = (await planOf(statement)).map((n) => n['Index Name']).filter(Boolean);
      expect(indexes).toContain('audit_log_entidade_acao_idx');
    }
  });
});
