import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { solicitacoes } from '../../src/db/schema.ts';
import { call } from '../support/requests.ts';

export interface RowSpec {
  fluxo?: 'energia' | 'agua';
  tipo?: 'nova' | 'troca';
  status?: number;
  regional?: number | null;
  idEmpresa?: number | null;
  unidade?: string;
  siteId?: string;
  enderecoId?: string;
  dataPedido?: Date;
  dataAtivacao?: string | null;
  uf?: string | null;
  idConcessionaria?: number | null;
}

/** Inserts rows straight into solicitacoes (the counters' trigger keeps the totals). */
export async function insertRows(app: FastifyInstance, specs: RowSpec[]): Promise<number[]> {
  const [{ uid }] = (await app.db.select({ uid: sql<number>`min(id)::int` }).from(sql`usuarios`)) as [
    { uid: number },
  ];
  const rows = await app.db
    .insert(solicitacoes)
    .values(
      specs.map((s, i) => ({
        fluxo: s.fluxo ?? 'energia',
        tipo: s.tipo ?? 'nova',
        status: s.status ?? 1,
        idUsuario: uid,
        idEmpresa: s.idEmpresa === undefined ? 5 : s.idEmpresa,
        regional: s.regional === undefined ? 7 : s.regional,
        unidade: s.unidade ?? `HU${i}`,
        siteId: s.siteId ?? `HS${i}`,
        enderecoId: s.enderecoId ?? `HE${i}`,
        uf: s.uf === undefined ? 'SP' : s.uf,
        idConcessionaria: s.idConcessionaria ?? null,
        municipio: 'São Paulo',
        ...(s.dataPedido ? { dataPedido: s.dataPedido } : {}),
        ...(s.dataAtivacao !== undefined ? { dataAtivacao: s.dataAtivacao } : {}),
      })),
    )
    .returning({ id: solicitacoes.id });
  return rows.map((r) => r.id);
}

export const LISTS = {
  energiaNova: '/api/novas-unidades/list',
  energiaTroca: '/api/unidades/list',
  aguaNova: '/api/agua/novas-unidades/list',
  aguaTroca: '/api/agua/unidades/list',
} as const;

export type Res = Awaited<ReturnType<typeof call>>;
export const idsOf = (res: Res): number[] => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.json().dados as { id: number }[]).map((r) => r.id);
};

/** Every row of a list, read page by page by number. */
export async function allByNumber(
  app: FastifyInstance,
  token: string,
  url: string,
  body: Record<string, unknown>,
  perPage = 5,
) {
  const out: number[] = [];
  for (let page = 1; page < 1000; page++) {
    const ids = idsOf(await call(app, token, url, { ...body, page, per_page: perPage }));
    out.push(...ids);
    if (ids.length < perPage) break;
  }
  return out;
}

/** Every row of a list, read as the web does: page 1, then each next page after the last row shown. */
export async function allByApos(
  app: FastifyInstance,
  token: string,
  url: string,
  body: Record<string, unknown>,
  perPage = 5,
) {
  const out: number[] = [];
  let apos: number | undefined;
  for (let page = 1; page < 1000; page++) {
    const ids = idsOf(await call(app, token, url, { ...body, page, per_page: perPage, apos }));
    out.push(...ids);
    if (ids.length < perPage) break;
    apos = ids.at(-1);
  }
  return out;
}

/** The demo company's id by its CNPJ. */
export async function companyId(app: FastifyInstance, cnpj: string): Promise<number> {
  const { rows } = (await app.db.execute(sql`select id from empresas where cnpj = ${cnpj}`)) as unknown as {
    rows: { id: number }[];
  };
  return Number(rows[0]!.id);
}
export const CNPJ = {
  cliente: '48392015000179',
  provedor: '27184563000133',
  tower: '35810274000120',
  property: '61927458000185',
  solicitante: '74261539000130',
} as const;

/**
 * Where a list's total disagrees with the rows the caller can page through, for every form the
 * caller may open and each filter: page 1, page 2 and a page past the end, and no row twice.
 */
export async function totalsDisagreeing(
  app: FastifyInstance,
  token: string,
  who: string,
  filters: Record<string, unknown>[],
): Promise<string[]> {
  const problems: string[] = [];
  for (const url of Object.values(LISTS)) {
    const probe = await call(app, token, url, {});
    if (probe.statusCode === 403) continue;
    for (const filter of filters) {
      const rows = await allByNumber(app, token, url, filter, 50);
      const first = await call(app, token, url, { ...filter, per_page: 5 });
      const past = await call(app, token, url, { ...filter, page: 999, per_page: 5 });
      const deep = await call(app, token, url, { ...filter, page: 2, per_page: 5 });
      const label = `${who} ${url} ${JSON.stringify(filter)}`;
      for (const [name, res] of [
        ['page 1', first],
        ['page 999', past],
        ['page 2', deep],
      ] as const) {
        if (res.statusCode !== 200) problems.push(`${label} ${name}: ${res.statusCode} ${res.body}`);
        else if (res.json().total !== rows.length)
          problems.push(`${label} ${name}: total ${res.json().total}, rows ${rows.length}`);
      }
      if (new Set(rows).size !== rows.length) problems.push(`${label}: duplicate rows`);
    }
  }
  return problems;
}
