import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { deParaKey, type BaseRow, type BaseRowContext } from '@portal/domain/reconciliation';
import type { DeParaTipo, Flow } from '@portal/domain';
import { IMPORT_UNDER_WAY, type ImportRunRow } from '@portal/domain/contracts/reconciliation';
import type { DbOrTx } from '../../db/client.ts';
import {
  baseProvedor,
  baseProvedorCarga,
  concessionarias,
  dePara,
  empresas,
  importacoesBase,
  regionais,
  regularizacaoStatus,
  regularizacoes,
  usuarios,
} from '../../db/schema.ts';
import { isoDate } from '../../http/replies.ts';
import { silentTask } from '../../jobs/queue.ts';

/** What a row of this flow is checked against: the portal's names and the de-para table. */
export async function rowContext(db: DbOrTx, flow: Flow): Promise<BaseRowContext> {
  const [concessionaires, regionals, mappings] = await Promise.all([
    db
      .select({ id: concessionarias.id, nome: concessionarias.nome, sigla: concessionarias.sigla })
      .from(concessionarias)
      .where(eq(concessionarias.fluxo, flow)),
    db.select({ id: regionais.id, nome: regionais.regional }).from(regionais),
    db.select({ tipo: dePara.tipo, de: dePara.de, para: dePara.para }).from(dePara),
  ]);
  const byName = new Map<string, { id: number; nome: string }>();
  for (const c of concessionaires) {
    byName.set(c.sigla.toLowerCase(), c);
    byName.set(c.nome.toLowerCase(), c); // a name wins over another's acronym
  }
  return {
    flow,
    concessionaires: byName,
    regionals: new Map(
      regionals.flatMap((r) => [[r.nome.toLowerCase(), r.id] as const, [String(r.id), r.id] as const]),
    ),
    dePara: new Map(mappings.map((m) => [deParaKey(m.tipo as DeParaTipo, m.de), m.para])),
  };
}

/** The registered company name of each CNPJ of the flow (/empresas). */
export async function registeredNames(db: DbOrTx, flow: Flow): Promise<Map<string, string>> {
  const rows = await db
    .select({ cnpj: empresas.cnpj, nome: empresas.razaoSocial })
    .from(empresas)
    .where(eq(empresas.fluxo, flow));
  return new Map(rows.map((r) => [r.cnpj, r.nome]));
}

export const startRun = async (db: DbOrTx, flow: Flow, idUsuario: number, nomeArquivo: string) =>
  (
    await db
      .insert(importacoesBase)
      .values({ fluxo: flow, idUsuario, nomeArquivo, situacao: 'recebendo' })
      .returning({ id: importacoesBase.id })
  )[0]!.id;

/** A run whose file is stored and waits for the job queue (issue 16). */
export const queueRun = async (
  db: DbOrTx,
  run: { fluxo: Flow; idUsuario: number; nomeArquivo: string; arquivoKey: string },
) =>
  (
    await db
      .insert(importacoesBase)
      .values({ ...run, situacao: 'na-fila' })
      .returning({ id: importacoesBase.id })
  )[0]!.id;

/** What the queue's task reads of its run: whose it is, which flow and file, where it stands. */
export const readQueuedRun = async (db: DbOrTx, id: number) =>
  (
    await db
      .select({
        id: importacoesBase.id,
        fluxo: importacoesBase.fluxo,
        idUsuario: importacoesBase.idUsuario,
        nomeArquivo: importacoesBase.nomeArquivo,
        situacao: importacoesBase.situacao,
        arquivoKey: importacoesBase.arquivoKey,
        rejeitadasKey: importacoesBase.rejeitadasKey,
      })
      .from(importacoesBase)
      .where(eq(importacoesBase.id, id))
  )[0];

export const updateRun = (db: DbOrTx, id: number, values: Partial<typeof importacoesBase.$inferInsert>) =>
  db.update(importacoesBase).set(values).where(eq(importacoesBase.id, id));

/**
 * Updates a run only while it has not ended; false when it has (another attempt of its task
 * applied or failed it meanwhile, and what that attempt recorded stands).
 */
export const updateRunUnderWay = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof importacoesBase.$inferInsert>,
) =>
  (
    await db
      .update(importacoesBase)
      .set(values)
      .where(and(eq(importacoesBase.id, id), inArray(importacoesBase.situacao, [...IMPORT_UNDER_WAY])))
      .returning({ id: importacoesBase.id })
  ).length > 0;

/** The staged columns, in the order `stageRows` sends them, with their Postgres array types. */
const STAGE: [keyof BaseRow | 'linha', string][] = [
  ['linha', 'int'],
  ['uc', 'text'],
  ['enderecoId', 'text'],
  ['siteId', 'text'],
  ['rzSocial', 'text'],
  ['cnpjFatura', 'text'],
  ['concessionaria', 'text'],
  ['idConcessionaria', 'int'],
  ['regional', 'int'],
  ['cep', 'text'],
  ['endereco', 'text'],
  ['numero', 'text'],
  ['complemento', 'text'],
  ['bairro', 'text'],
  ['cidade', 'text'],
  ['estado', 'text'],
  ['numeroMedidor', 'text'],
  ['tensao', 'text'],
  ['urlFatura', 'text'],
  ['ativa', 'boolean'],
];

/**
 * Stages a batch of accepted rows in one statement of one array per column (unnest): a few
 * parameters however many rows, which is what keeps a million-row import fast.
 */
export async function stageRows(db: DbOrTx, idImportacao: number, rows: { linha: number; row: BaseRow }[]) {
  if (!rows.length) return;
  const arrays = STAGE.map(([key, type]) => {
    const values = rows.map(({ linha, row }) => (key === 'linha' ? linha : row[key]));
    return sql`${sql.param(values)}::${sql.raw(type)}[]`;
  });
  await db.execute(sql`
    insert into ${baseProvedorCarga} (id_importacao, linha, ${STAGED_COLUMNS})
    select ${idImportacao}, * from unnest(${sql.join(arrays, sql`, `)})`);
}

/**
 * Rows that repeat an earlier row's unit and concessionaire: taken out of the stage (the first
 * stays) and answered so they are reported as rejected.
 */
export async function unstageRepeatedRows(db: DbOrTx, idImportacao: number) {
  const result = await db.execute(sql`
    delete from ${baseProvedorCarga} c
    using (
      select linha, min(linha) over (partition by lower(uc), lower(concessionaria)) as primeira
      from ${baseProvedorCarga} where id_importacao = ${idImportacao}
    ) r
    where c.id_importacao = ${idImportacao} and c.linha = r.linha and r.linha <> r.primeira
    returning c.linha, c.uc, c.concessionaria, r.primeira`);
  return (
    result as unknown as { rows: { linha: number; uc: string; concessionaria: string; primeira: number }[] }
  ).rows;
}

const STAGED_COLUMNS_LIST = [
  'uc',
  'endereco_id',
  'site_id',
  'rz_social',
  'cnpj_fatura',
  'concessionaria',
  'id_concessionaria',
  'regional',
  'cep',
  'endereco',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'estado',
  'numero_medidor',
  'tensao',
  'url_fatura',
  'ativa',
];
const STAGED_COLUMNS = sql.raw(STAGED_COLUMNS_LIST.join(', '));

/** The columns an import writes, as `base_provedor.x` and `excluded.x` lists. */
const columnsOf = (table: string) =>
  sql.raw(
    STAGED_COLUMNS_LIST.map((c) => `${table}.${c}`)
      .concat(`${table}.sge`)
      .join(', '),
  );

/**
 * The staged rows become the base: inserted, or replacing the row of the same unit and
 * concessionaire. A row the export repeats unchanged is left as it is (and keeps the run that
 * last changed it): most of a monthly export is the units of the month before.
 */
export async function applyStagedRows(tx: DbOrTx, idImportacao: number, flow: Flow): Promise<void> {
  await tx.execute(sql`
    insert into base_provedor (fluxo, ${STAGED_COLUMNS}, sge, id_importacao, atualizado_em)
    select ${flow}, ${STAGED_COLUMNS}, true, ${idImportacao}, now()
    from ${baseProvedorCarga} where id_importacao = ${idImportacao}
    on conflict (fluxo, lower(uc), lower(concessionaria)) do update set
      endereco_id = excluded.endereco_id, site_id = excluded.site_id, rz_social = excluded.rz_social,
      cnpj_fatura = excluded.cnpj_fatura, concessionaria = excluded.concessionaria,
      id_concessionaria = excluded.id_concessionaria, regional = excluded.regional, cep = excluded.cep,
      endereco = excluded.endereco, numero = excluded.numero, complemento = excluded.complemento,
      bairro = excluded.bairro, cidade = excluded.cidade, estado = excluded.estado,
      numero_medidor = excluded.numero_medidor, tensao = excluded.tensao, url_fatura = excluded.url_fatura,
      ativa = excluded.ativa, sge = true, id_importacao = excluded.id_importacao, atualizado_em = now()
    where (${columnsOf('base_provedor')}) is distinct from (${columnsOf('excluded')})`);
}

/** What the judgement of a unit reads: which unit, its invoice holder and its UF. */
export interface StagedUnit {
  linha: number;
  uc: string;
  concessionaria: string;
  rz_social: string;
  cnpj_fatura: string;
  estado: string;
}

/**
 * The units this import applied (its stage: repeated rows already taken out), `size` at a time,
 * through one cursor: a single pass over the stage whatever its size, where paging by key would
 * be planned on statistics a freshly written table does not have yet.
 */
export async function* stagedUnits(
  tx: DbOrTx,
  idImportacao: number,
  size: number,
): AsyncGenerator<StagedUnit[]> {
  const cursor = sql.raw(`importacao_${Math.trunc(idImportacao)}`);
  await tx.execute(sql`
    declare ${cursor} no scroll cursor for
    select linha, uc, concessionaria, rz_social, cnpj_fatura, estado
    from ${baseProvedorCarga} where id_importacao = ${idImportacao}`);
  try {
    for (;;) {
      const result = await tx.execute(sql`fetch forward ${sql.raw(String(Math.trunc(size)))} from ${cursor}`);
      const rows = (result as unknown as { rows: StagedUnit[] }).rows;
      if (!rows.length) return;
      yield rows;
    }
  } finally {
    // After a failed statement the transaction is aborted and the cursor gone with it.
    await tx.execute(sql`close ${cursor}`).catch(() => undefined);
  }
}

const SYSTEM = 'Sistema';

/**
 * Opens a regularization at 0 'Divergente' for each divergent unit with none open (the partial
 * unique index decides, so a concurrent save cannot open a second); each gets a history entry by
 * the system. Returns how many were opened.
 */
export async function openRegularizations(
  tx: DbOrTx,
  flow: Flow,
  idImportacao: number,
  divergent: { unit: StagedUnit; tipo: number; cnpjCliente: string | null }[],
): Promise<number> {
  if (!divergent.length) return 0;
  // The record copies the unit as the base now holds it, found by its key (unit, concessionaire).
  const result = await tx.execute(sql`
    insert into ${regularizacoes} (fluxo, id_con, id_importacao, tipo_divergencia, status, unidade, endereco_id,
      site_id, regional, cep, uf, cidade, endereco, numero, bairro, complemento, cnpj_tim, sigla,
      id_concessionaria, numero_medidor, tipo_tensao, razao_social_fatura, cnpj_fatura, url_fatura)
    select ${flow}, b.id, ${idImportacao}, d.tipo, 0, b.uc, b.endereco_id, b.site_id, b.regional, b.cep,
      b.estado, b.cidade, b.endereco, b.numero, b.bairro, b.complemento, d.cnpj_cliente, b.concessionaria,
      b.id_concessionaria, b.numero_medidor, b.tensao, b.rz_social, b.cnpj_fatura, b.url_fatura
    from unnest(${sql.param(divergent.map((d) => d.unit.uc))}::text[],
                ${sql.param(divergent.map((d) => d.unit.concessionaria))}::text[],
                ${sql.param(divergent.map((d) => d.tipo))}::smallint[],
                ${sql.param(divergent.map((d) => d.cnpjCliente))}::text[]) as d(uc, concessionaria, tipo, cnpj_cliente)
    join ${baseProvedor} b on b.fluxo = ${flow} and lower(b.uc) = lower(d.uc)
      and lower(b.concessionaria) = lower(d.concessionaria)
    on conflict do nothing
    returning id`);
  const opened = (result as unknown as { rows: { id: number }[] }).rows;
  if (opened.length) {
    await tx
      .insert(regularizacaoStatus)
      .values(opened.map(({ id }) => ({ idRegularizacao: id, nome: SYSTEM, status: 0 })));
  }
  return opened.length;
}

/**
 * Closes at 4 'Atualizado na Base (Xerox/AME)' the open regularizations of units the import shows
 * fixed, each with a history entry by the system. Returns how many were closed.
 */
export async function closeRegularizations(tx: DbOrTx, flow: Flow, fixedUnits: string[]): Promise<number> {
  if (!fixedUnits.length) return 0;
  const lower = fixedUnits.map((u) => u.toLowerCase());
  const closed = await tx
    .update(regularizacoes)
    .set({ status: 4, version: sql`${regularizacoes.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(regularizacoes.fluxo, flow),
        sql`coalesce(${regularizacoes.status}, 0) < 4`,
        sql`lower(${regularizacoes.unidade}) = any(${sql.param(lower)}::text[])`,
      ),
    )
    .returning({ id: regularizacoes.id });
  if (closed.length) {
    await tx
      .insert(regularizacaoStatus)
      .values(closed.map(({ id }) => ({ idRegularizacao: id, nome: SYSTEM, status: 4 })));
  }
  return closed.length;
}

export const clearStage = (db: DbOrTx, idImportacao: number) =>
  db.delete(baseProvedorCarga).where(eq(baseProvedorCarga.idImportacao, idImportacao));

/** The queue's task kind of a provider-base import (issue 16). */
export const IMPORT_BASE = 'importar-base';

const runColumns = {
  id: importacoesBase.id,
  fluxo: importacoesBase.fluxo,
  usuario: usuarios.name,
  nome_arquivo: importacoesBase.nomeArquivo,
  situacao: importacoesBase.situacao,
  linhas_lidas: importacoesBase.linhasLidas,
  linhas_aceitas: importacoesBase.linhasAceitas,
  linhas_rejeitadas: importacoesBase.linhasRejeitadas,
  divergencias_abertas: importacoesBase.divergenciasAbertas,
  divergencias_fechadas: importacoesBase.divergenciasFechadas,
  erro: importacoesBase.erro,
  rejeitadasKey: importacoesBase.rejeitadasKey,
  iniciada_em: importacoesBase.iniciadaEm,
  concluida_em: importacoesBase.concluidaEm,
  // Named in full: in a select list drizzle leaves columns unqualified, and the subquery has an id too.
  interrompida: sql<boolean>`importacoes_base.situacao in ('recebendo', 'aplicando')
    and ${silentTask(IMPORT_BASE, 'importacao', sql`importacoes_base.id`)}`,
};

type RunRecord = Awaited<ReturnType<typeof readRun>>;

export const toRunRow = ({ rejeitadasKey, ...run }: NonNullable<RunRecord>): ImportRunRow => ({
  ...run,
  rejeitadas_url: rejeitadasKey ? `/api/conciliacao/importacoes/${run.id}/rejeitadas` : null,
  iniciada_em: isoDate(run.iniciada_em),
  concluida_em: run.concluida_em ? isoDate(run.concluida_em) : null,
});

export const readRun = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(runColumns)
      .from(importacoesBase)
      .leftJoin(usuarios, eq(usuarios.id, importacoesBase.idUsuario))
      .where(eq(importacoesBase.id, id))
  )[0];

/** The runs, newest first. */
export async function listRuns(db: DbOrTx, query: { page: number; per_page: number; fluxo?: Flow }) {
  const where = query.fluxo ? eq(importacoesBase.fluxo, query.fluxo) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(runColumns)
      .from(importacoesBase)
      .leftJoin(usuarios, eq(usuarios.id, importacoesBase.idUsuario))
      .where(where)
      .orderBy(desc(importacoesBase.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(importacoesBase).where(where),
  ]);
  return { total: total?.n ?? 0, dados: rows.map(toRunRow) };
}

/**
 * The flow's runs before this one still under way, and whether each still has a task in the queue.
 */
export const earlierRunsUnderWay = (db: DbOrTx, run: { id: number; fluxo: Flow }) =>
  db
    .select({
      id: importacoesBase.id,
      arquivoKey: importacoesBase.arquivoKey,
      rejeitadasKey: importacoesBase.rejeitadasKey,
      // Named in full: in a select list drizzle leaves columns unqualified.
      queued: sql<boolean>`exists (select 1 from fila_tarefas f
        where f.tipo = ${IMPORT_BASE} and f.concluida_em is null
          and f.dados ->> 'importacao' = importacoes_base.id::text)`,
    })
    .from(importacoesBase)
    .where(
      and(
        eq(importacoesBase.fluxo, run.fluxo),
        lt(importacoesBase.id, run.id),
        inArray(importacoesBase.situacao, [...IMPORT_UNDER_WAY]),
      ),
    );
