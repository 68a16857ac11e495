/**
 * Fills a PostgreSQL database with benchmark data: N requests spread over the four forms,
 * statuses, regionals and the demo companies, and N units of the provider's base.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/generate.ts [N=1000000]
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';

const count = Number(process.argv[2] ?? 1_000_000);
if (!process.env.DATABASE_URL) throw new Error('Defina DATABASE_URL (PostgreSQL) para gerar os dados do benchmark.');

// A benchmark database: the demo companies and users it refers to are wanted here, on PostgreSQL.
const app = await buildApp({ ...readConfig(), seedDemo: true, logLevel: 'warn', webDist: undefined });
const { db } = app;
const started = Date.now();

await db.execute(sql`truncate solicitacoes, base_provedor restart identity cascade`);
// One set-based insert per table: a million rows in seconds, no round trip per row.
await db.execute(sql`
  insert into solicitacoes (fluxo, tipo, status, id_usuario, id_empresa, regional, endereco_id, site_id, uf, municipio,
                            endereco, numero, bairro, cnpj_solicitada, unidade, numero_medidor, id_tensao, tipo_site, data_pedido)
  select (array['energia','agua'])[1 + (i % 2)],
         (array['nova','nova','troca'])[1 + (i % 3)],
         (array[0,1,2,3,4,5,6,7,8,9,10,13,14,15,16])[1 + (i % 15)],
         (select min(id) from usuarios), 1 + (i % 5), 1 + (i % 7),
         'END' || lpad(i::text, 9, '0'), 'ST' || lpad(i::text, 9, '0'),
         'SP', 'São Paulo', 'Avenida Paulista', (i % 3000)::text, 'Bela Vista', '48392015000179',
         'UC' || lpad(i::text, 10, '0'), 'M' || (i % 100000)::text, 1 + (i % 3), 1 + (i % 7),
         now() - make_interval(mins => i)
  from generate_series(1, ${count}) as i`);
await db.execute(sql`
  insert into base_provedor (fluxo, uc, endereco_id, rz_social, concessionaria, endereco, bairro, cidade, estado, ativa, sge)
  select (array['energia','agua'])[1 + (i % 2)], (3000000000 + i)::text, 'BASE' || lpad(i::text, 8, '0'),
         'Operadora Telecom Brasil S.A.', 'Enel Distribuição São Paulo', 'Rua das Flores, ' || (i % 999)::text,
         'Centro', 'São Paulo', 'SP', i % 7 <> 0, true
  from generate_series(1, ${count}) as i`);
await db.execute(sql`vacuum analyze solicitacoes`);
await db.execute(sql`vacuum analyze base_provedor`);
console.log(`${count} solicitações e ${count} unidades da base geradas em ${((Date.now() - started) / 1000).toFixed(1)} s`);
await app.close();
