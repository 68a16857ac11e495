/**
 * Fills a PostgreSQL database with benchmark data: N requests spread over the four forms,
 * statuses, regionals and the demo companies, and N units of the provider's base.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/generate.ts [N=1000000]
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { insertSyntheticRequests } from '../apps/server/test/support/synthetic-requests.ts';

const count = Number(process.argv[2] ?? 1_000_000);
if (!process.env.DATABASE_URL)
  throw new Error('Defina DATABASE_URL (PostgreSQL) para gerar os dados do benchmark.');

// A benchmark database: the demo companies and users it refers to are wanted here, on PostgreSQL.
const app = await buildApp({ ...readConfig(), seedDemo: true, logLevel: 'warn', webDist: undefined });
const { db } = app;
const started = Date.now();

// The counters go with the requests: truncate fires no row trigger.
await db.execute(sql`truncate solicitacoes, solicitacoes_contagem, base_provedor restart identity cascade`);
// One set-based insert per table: a million rows in seconds, no round trip per row.
await insertSyntheticRequests(db, count);
// The reports read each request's histories: its first status and the one it holds, and a note.
await db.execute(sql`
  insert into historico_status (id_solicitacao, id_usuario, nome, status, data_cadastro)
  select id, id_usuario, 'Sofia Solicitante', 0, data_pedido from solicitacoes
  union all
  select id, id_usuario, 'Carlos Célula', status, data_pedido + interval '1 hour' from solicitacoes where status <> 0`);
await db.execute(sql`
  insert into historico_observacoes (id_solicitacao, id_usuario, nome, obs, data)
  select id, id_usuario, 'Sofia Solicitante', 'Solicitação registrada para a unidade ' || unidade, data_pedido
  from solicitacoes`);
await db.execute(sql`
  insert into base_provedor (fluxo, uc, endereco_id, rz_social, concessionaria, endereco, bairro, cidade, estado, ativa, sge)
  select (array['energia','agua'])[1 + (i % 2)], (3000000000 + i)::text, 'BASE' || lpad(i::text, 8, '0'),
         'Operadora Telecom Brasil S.A.', 'Enel Distribuição São Paulo', 'Rua das Flores, ' || (i % 999)::text,
         'Centro', 'São Paulo', 'SP', i % 7 <> 0, true
  from generate_series(1, ${count}) as i`);
await db.execute(sql`vacuum analyze solicitacoes`);
await db.execute(sql`vacuum analyze historico_status`);
await db.execute(sql`vacuum analyze historico_observacoes`);
await db.execute(sql`vacuum analyze base_provedor`);
console.log(
  `${count} solicitações e ${count} unidades da base geradas em ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await app.close();
