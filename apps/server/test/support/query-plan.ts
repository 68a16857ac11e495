import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/** One node of an EXPLAIN (FORMAT JSON) plan, with the fields the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * Every node of the plan PostgreSQL (or PGlite) chooses for `statement`, the root first. PGlite
 * answers the plan as JSON text, PostgreSQL as parsed JSON: both are read.
 */
export async function planNodes(db: Pick<Database, 'execute'>, statement: SQL): Promise<PlanNode[]> {
  const result = (await db.execute(sql`explain (format json) ${statement}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
  };
  const plan = result.rows[0]!['QUERY PLAN'];
  return nodesOf((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
}

/** The reads of one table in a plan, as "<node type> <index>" ("Index Only Scan solicitacoes_status_pedido_idx"). */
export const readsOf = (nodes: PlanNode[], table: string) =>
  nodes.filter((n) => n['Relation Name'] === table).map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`);
