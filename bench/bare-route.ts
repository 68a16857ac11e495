/**
 * The yardstick for the product's own cost per call (issue 12): a minimal Fastify route on its own
 * node-postgres pool that sends the database exactly the statements one product call sent (the
 * authentication's read included, as named prepared statements where the product's were), with
 * nothing else around them: no routing hooks, no schemas, no query building.
 */
import Fastify from 'fastify';
import pg from 'pg';

interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}
/** Statements sent while another was still running went out together (a Promise.all). */
export type Recording = Statement[][];

/** What the product sends the database while `call` runs, in the order sent. */
export async function recordStatements(call: () => Promise<unknown>): Promise<Recording> {
  const recording: Recording = [];
  let running = 0;
  const query = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (this: pg.Pool, config: unknown, values?: unknown) {
    const { name, text } =
      typeof config === 'string' ? { name: undefined, text: config } : (config as Statement);
    if (running === 0) recording.push([]);
    recording.at(-1)!.push({ name, text, values: (values as unknown[]) ?? [] });
    running++;
    const result = (query as (c: unknown, v?: unknown) => Promise<unknown>).call(this, config, values);
    return result.finally(() => running--);
  } as typeof query;
  try {
    await call();
  } finally {
    pg.Pool.prototype.query = query;
  }
  return recording;
}

/** Starts the bare route: GET or POST /bare/:name replays the recording registered under that name. */
export async function startBareRoute(databaseUrl: string) {
  // Planned as the product's connections plan them (db/client.ts).
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    options: '-c plan_cache_mode=force_custom_plan',
  });
  const recordings = new Map<string, Recording>();
  const app = Fastify();
  app.route<{ Params: { name: string } }>({
    method: ['GET', 'POST'],
    url: '/bare/:name',
    handler: async (request) => {
      let rows: unknown[] = [];
      for (const together of recordings.get(request.params.name) ?? []) {
        const results = await Promise.all(
          together.map((s) => pool.query({ name: s.name, text: s.text, values: s.values })),
        );
        rows = results[0]?.rows ?? [];
      }
      return { error: 0, dados: rows };
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: (name: string) => `http://127.0.0.1:${port}/bare/${encodeURIComponent(name)}`,
    register: (name: string, recording: Recording) => recordings.set(name, recording),
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
