import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { addToCounters } from '../../src/requests-core/counts-repo.ts';

/**
 * `count` requests written in one set-based statement, for the plan tests and bench/generate.ts:
 * half energy and half water, two thirds new units, 15 statuses, 7 regionals and 5 companies,
 * one a minute back from now (so the newest-first order is the insertion order reversed).
 *
 * The counters' row trigger is set aside and the counters then moved once per scope: the same few
 * counter rows updated a million times in one transaction leave version chains that each update
 * must walk, and the insert would take far longer than the rows themselves.
 */
export const insertSyntheticRequests = (db: Database, count: number) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`alter table solicitacoes disable trigger solicitacoes_contagem_trigger`);
    const { rows } = (await tx.execute(
      sql`select coalesce(max(id), 0) as last from solicitacoes`,
    )) as unknown as {
      rows: [{ last: number }];
    };
    await tx.execute(sql`
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
      from generate_series(1, ${count}::int) as i`);
    await tx.execute(sql`alter table solicitacoes enable trigger solicitacoes_contagem_trigger`);
    await addToCounters(tx, sql`id > ${rows[0].last}`);
  });
