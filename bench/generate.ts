/**
 * Fills a PostgreSQL database with benchmark data: N requests spread over the four forms,
 * statuses, regionals and the demo companies, N units of the provider's base, the energy new units
 * at 8 spread over the post-approval stages, and N entries of the audit trail over two years,
 * written by the demo users and ~140 more.
 * Usage: DATABASE_URL=postgres://… npx tsx bench/generate.ts [N=1000000]
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { readConfig } from '../apps/server/src/config.ts';
import { addToCounters } from '../apps/server/src/requests-core/counts-repo.ts';
import { insertSyntheticRequests } from '../apps/server/test/support/synthetic-requests.ts';

const count = Number(process.argv[2] ?? 1_000_000);
if (!process.env.DATABASE_URL)
  throw new Error('Defina DATABASE_URL (PostgreSQL) para gerar os dados do benchmark.');

// A benchmark database: the demo companies and users it refers to are wanted here, on PostgreSQL.
const app = await buildApp({ ...readConfig(), seedDemo: true, logLevel: 'warn', webDist: undefined });
const { db } = app;
const started = Date.now();

// The counters go with the requests: truncate fires no row trigger.
await db.execute(
  sql`truncate solicitacoes, solicitacoes_contagem, base_provedor, audit_log restart identity cascade`,
);
// One set-based insert per table: a million rows in seconds, no round trip per row.
await insertSyntheticRequests(db, count);
// After approval (migration 0006): the synthetic requests put no energy new unit at 8 (status
// and form cycle together). Two in three of those at 7 'Aprovada' are confirmed in the base, as
// /confirmacao-base does (7 → 8, ~22,000 of a million), and the trigger opens their stage 1; the
// counters' trigger is set aside and the counters recounted, as insertSyntheticRequests does.
await db.transaction(async (tx) => {
  await tx.execute(sql`alter table solicitacoes disable trigger solicitacoes_contagem_trigger`);
  await tx.execute(sql`
    update solicitacoes set status = 8
    where fluxo = 'energia' and tipo = 'nova' and status = 7 and (id / 30) % 3 <> 0`);
  await tx.execute(sql`alter table solicitacoes enable trigger solicitacoes_contagem_trigger`);
  await tx.execute(sql`delete from solicitacoes_contagem`);
  await addToCounters(tx);
});
// As two years of work leave them: three in four 'Ativa' since a few days to two months after
// they were asked for, the rest waiting at one of the three stages for up to four months.
await db.execute(sql`
  update solicitacoes set
    pos_etapa = case when (id / 30 * 37) % 100 < 8 then 1 when (id / 30 * 37) % 100 < 14 then 2
                     when (id / 30 * 37) % 100 < 24 then 3 else 4 end
  where pos_etapa is not null`);
await db.execute(sql`
  update solicitacoes set
    pos_etapa_desde = case when pos_etapa = 4
      then least(now() - interval '1 hour', data_pedido + make_interval(days => 3 + id / 30 % 60))
      else now() - make_interval(days => id / 30 % 120, hours => 1 + id / 30 % 23) end
  where pos_etapa is not null`);
await db.execute(sql`
  update solicitacoes set data_primeira_fatura = (pos_etapa_desde - interval '20 days')::date,
                          data_recebimento_fatura = (pos_etapa_desde - interval '5 days')::date
  where pos_etapa = 4`);
await db.execute(sql`
  insert into validacoes_uc (id_solicitacao, tipo, status, responsavel, cargo, data_validacao, observacao, id_usuario, nome, created_at)
  select s.id, t.tipo, 1, 'Marcelo Teixeira', 'Engenheiro de Campo', (s.pos_etapa_desde - interval '2 days')::date,
         null, u.id, u.name, s.pos_etapa_desde - make_interval(days => 3 - t.tipo)
  from solicitacoes s cross join (values (1), (2)) as t(tipo)
  join usuarios u on u.email = 'amee@demo.portal'
  where s.pos_etapa > t.tipo`);

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

// The audit trail's authors: the demo users and as many more as a working portal has, by role.
await db.execute(sql`
  insert into usuarios (name, email, password_hash, id_empresa, id_grupo, id_perfil, id_regional, trocar_senha, telefone, cnpj)
  select (array['Ana','Bruno','Camila','Daniel','Eduarda','Felipe','Gabriela','Henrique','Isabela','João',
                'Karina','Lucas','Mariana','Nicolas','Olívia','Pedro','Rafaela','Sérgio','Tatiane','Vítor'])[1 + n % 20]
         || ' ' || (array['Silva','Santos','Oliveira','Souza','Pereira','Costa','Rodrigues','Almeida','Nascimento','Lima'])[1 + (n / 20) % 10]
         || ' ' || n,
         'bench.' || split_part(t.email, '@', 1) || '.' || n || '@bench.portal', t.password_hash,
         t.id_empresa, t.id_grupo, t.id_perfil, t.id_regional, 1, t.telefone, t.cnpj
  from (values ('solicitante@demo.portal', 80), ('tower@demo.portal', 15), ('property@demo.portal', 10),
               ('celula@demo.portal', 12), ('regional@demo.portal', 14), ('amee@demo.portal', 8),
               ('admin@demo.portal', 3)) as r(email, k)
  join usuarios t on t.email = r.email
  cross join lateral generate_series(1, r.k) as n
  on conflict do nothing`);

// N entries, one every ~63 s over two years, ids in time order, in the product's proportions:
// sign-ins first, then the requests' saves, the post-approval work, regularizations and the
// administration, with before/after as each module writes them (apps/server/src/audit/audit.ts).
// A user's share is skewed: the first of each role's list (the demo users) write the most.
await db.execute(sql`
  with roles as (
    select array_agg(id order by (email not like '%@demo.portal'), id) filter (where email like 'admin@%' or email like 'bench.admin.%') as adm,
           array_agg(id order by (email not like '%@demo.portal'), id) filter (where email like 'amee@%' or email like 'bench.amee.%') as ame,
           array_agg(id order by (email not like '%@demo.portal'), id) filter (
             where split_part(replace(email, 'bench.', ''), '.', 1) in ('solicitante','tower','property','celula','regional')
                or split_part(email, '@', 1) in ('solicitante','tower','property','celula','regional')) as req,
           array_agg(id order by (email not like '%@demo.portal'), id) as todos
    from usuarios
  ),
  kinds(lo, hi, acao, kind) as (values
    (0, 439, 'login', 'auth'), (440, 459, 'trocar-senha', 'auth'), (460, 469, 'recuperar-senha', 'auth'),
    (470, 477, 'redefinir-senha', 'auth'), (478, 481, 'enviar-redefinicao-senha', 'reset'),
    (482, 601, 'criar-solicitacao', 'sol'), (602, 751, 'editar-solicitacao', 'sol'),
    (752, 761, 'apagar-solicitacao', 'sol'), (762, 771, 'apagar-arquivo', 'sol'),
    (772, 821, 'confirmar-na-base', 'ame'), (822, 851, 'pre-validar', 'ame'), (852, 871, 'validar-final', 'ame'),
    (872, 891, 'acompanhar', 'ame'), (892, 911, 'criar', 'reg'), (912, 951, 'editar', 'reg'),
    (952, 966, 'editar', 'adm'), (967, 978, 'criar', 'adm'), (979, 984, 'desativar', 'adm'),
    (985, 998, 'apagar', 'adm'), (999, 999, 'importar-base', 'imp')
  ),
  g as (
    select i, ((i::bigint * 7919) % 1000)::int as h, ((i::bigint * 104729) % ${count}::int + 1)::int as r,
           power(((i::bigint * 15485863) % 1000) / 1000.0, 2) as skew,
           now() - make_interval(secs => ((${count}::int - i) * (730 * 86400.0 / ${count}::int))::float8) as quando
    from generate_series(1, ${count}::int) as i
  ),
  e as (
    select g.*, k.acao, k.kind,
           (array['energia','agua'])[1 + (g.r % 2)] as fluxo, (array['nova','nova','troca'])[1 + (g.r % 3)] as tipo,
           case k.kind
             when 'auth' then roles.todos[1 + floor(g.skew * cardinality(roles.todos))::int]
             when 'sol' then roles.req[1 + floor(g.skew * cardinality(roles.req))::int]
             when 'reg' then roles.req[1 + floor(g.skew * cardinality(roles.req))::int]
             when 'ame' then roles.ame[1 + floor(g.skew * cardinality(roles.ame))::int]
             else roles.adm[1 + floor(g.skew * cardinality(roles.adm))::int]
           end as autor,
           roles.todos[1 + (g.r % cardinality(roles.todos))::int] as outro,
           jsonb_build_object(
             'endereco_id', 'END' || lpad(g.r::text, 9, '0'), 'site_id', 'ST' || lpad(g.r::text, 9, '0'),
             'regional', 1 + g.r % 7, 'tipo_de_loja', null, 'cep', '01310' || lpad((g.r % 1000)::text, 3, '0'),
             'uf', 'SP', 'municipio', 'São Paulo', 'endereco', 'Avenida Paulista', 'numero', (g.r % 3000)::text,
             'bairro', 'Bela Vista', 'complemento', null, 'cnpj_solicitada', '48392015000179',
             'id_concessionaria', 1 + g.r % 5, 'unidade', 'UC' || lpad(g.r::text, 10, '0'),
             'numero_medidor', 'M' || (g.r % 100000)::text, 'id_tensao', 1 + g.r % 3, 'tipo_site', 1 + g.r % 7,
             'tipo_de_pagamento', 'Débito automático', 'centro_custo', 'CC' || (g.r % 400)::text,
             'diretoria', 'Engenharia', 'smp', null) as campos
    from g cross join roles join kinds k on g.h between k.lo and k.hi
  )
  insert into audit_log (id_usuario, acao, entidade, entidade_id, antes, depois, ip, created_at)
  select case when e.i % 400 = 0 then null else e.autor end,
         e.acao,
         case e.kind
           when 'auth' then 'usuario' when 'reset' then 'usuario'
           when 'sol' then 'solicitacao.' || e.fluxo || '.' || e.tipo
           when 'ame' then 'solicitacao.energia.nova'
           when 'reg' then 'regularizacao.' || e.fluxo
           when 'imp' then 'importacoes_base'
           else (array['usuario','usuario','usuario','de-para','de-para','concessionaria','empresa','empresa_agua',
                       'regional','grupo','status_rotulo'])[1 + (e.r % 11)]
         end,
         case e.kind when 'auth' then e.autor::text when 'reset' then e.outro::text
                     when 'imp' then (1 + e.i / 1000)::text else e.r::text end,
         case
           when e.acao = 'editar-solicitacao' then jsonb_build_object('status', (e.r % 7)::int) || e.campos
           when e.acao = 'apagar-solicitacao' then jsonb_build_object('status', 0) || e.campos
                                                   || jsonb_build_object('arquivos', jsonb_build_array('foto_fachada.jpg', 'conta.pdf'))
           when e.acao = 'apagar-arquivo' then jsonb_build_object('tipo', 'conta', 'nome', 'conta-' || e.r || '.pdf')
           when e.acao = 'confirmar-na-base' then jsonb_build_object('status', 7)
           when e.acao in ('pre-validar', 'validar-final') then
             jsonb_build_object('status', 8, 'pos_etapa', case e.acao when 'pre-validar' then 1 else 2 end)
           when e.acao = 'acompanhar' then
             jsonb_build_object('pos_etapa', 3, 'data_primeira_fatura', null, 'data_recebimento_fatura', null)
           when e.kind = 'reg' and e.acao = 'editar' then
             jsonb_build_object('status', e.r % 4, 'unidade', 'R' || lpad(e.r::text, 9, '0'), 'endereco_id', 'SP' || lpad((e.r % 1000000)::text, 7, '0'),
                                'uf', 'SP', 'cnpj_fatura', '11222333000181', 'razao_social_fatura', 'Outra Razão Social Ltda.')
           when e.kind = 'adm' and e.acao in ('editar', 'desativar', 'apagar') then
             jsonb_build_object('id', e.r % 500, 'nome', 'Registro ' || (e.r % 500), 'ativo', true,
                                'regional', 1 + e.r % 7, 'email', 'contato' || (e.r % 500) || '@empresa.com.br')
         end,
         case
           when e.acao = 'criar-solicitacao' then
             jsonb_build_object('status', 0) || e.campos || jsonb_build_object('arquivos', jsonb_build_array('foto_fachada', 'conta'))
           when e.acao = 'editar-solicitacao' then
             jsonb_build_object('status', 1 + (e.r % 7)::int, 'numero_medidor', 'M' || ((e.r + 1) % 100000)::text,
                                'complemento', 'Torre ' || (e.r % 9), 'arquivos', jsonb_build_array())
           when e.acao = 'confirmar-na-base' then jsonb_build_object('status', 8, 'unidade', 'UC' || lpad(e.r::text, 10, '0'))
           when e.acao in ('pre-validar', 'validar-final') then
             jsonb_build_object('status', 8, 'pos_etapa', case e.acao when 'pre-validar' then 2 else 3 end, 'resultado', 1,
                                'responsavel', 'Marcelo Teixeira', 'cargo', 'Engenheiro de Campo', 'observacao', null,
                                'identificacao_tim', 'TIM' || (e.r % 99999), 'elemento_de_rede', 'ERB-' || (e.r % 9999),
                                'tipologia', 'Greenfield', 'data_validacao', (e.quando - interval '1 day')::date)
           when e.acao = 'acompanhar' then
             jsonb_build_object('pos_etapa', case when e.r % 3 = 0 then 4 else 3 end,
                                'data_primeira_fatura', (e.quando - interval '20 days')::date,
                                'data_recebimento_fatura', case when e.r % 3 = 0 then (e.quando - interval '5 days')::date end)
           when e.kind = 'reg' then
             jsonb_build_object('status', 1 + e.r % 4, 'unidade', 'R' || lpad(e.r::text, 9, '0'), 'endereco_id', 'SP' || lpad((e.r % 1000000)::text, 7, '0'),
                                'uf', 'SP', 'cnpj_fatura', '48392015000179', 'razao_social_fatura', 'Operadora Telecom Brasil S.A.',
                                'arquivos', jsonb_build_array('fatura'))
           when e.kind = 'adm' and e.acao in ('editar', 'criar', 'desativar') then
             jsonb_build_object('id', e.r % 500, 'nome', 'Registro ' || (e.r % 500), 'ativo', e.acao <> 'desativar',
                                'regional', 1 + (e.r + 1) % 7, 'email', 'contato' || (e.r % 500) || '@empresa.com.br')
           when e.kind = 'imp' then
             jsonb_build_object('fluxo', 'energia', 'arquivo', 'base-' || to_char(e.quando, 'YYYY-MM-DD') || '.csv',
                                'linhas', 1000000, 'novas', 1200, 'alteradas', 3400, 'opened', 120, 'closed', 95)
         end,
         '10.' || (e.autor % 250) || '.' || (e.r % 250) || '.' || (1 + e.i % 250),
         e.quando
  from e`);
await db.execute(sql`vacuum analyze audit_log`);
await db.execute(sql`vacuum analyze validacoes_uc`);
await db.execute(sql`vacuum analyze usuarios`);
await db.execute(sql`vacuum analyze solicitacoes`);
await db.execute(sql`vacuum analyze historico_status`);
await db.execute(sql`vacuum analyze historico_observacoes`);
await db.execute(sql`vacuum analyze base_provedor`);
console.log(
  `${count} solicitações, ${count} unidades da base e ${count} registros de auditoria gerados em ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await app.close();
