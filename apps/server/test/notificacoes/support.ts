import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { filaTarefas, regionais } from '../../src/db/schema.ts';
import { call, newUnitPayload } from '../support/requests.ts';

/** Sets the focal points (focal1–4) of regional TSP (id 7), where newUnitPayload files requests. */
export async function setTspFocalPoints(app: FastifyInstance, emails: (string | null)[]) {
  const [focal1 = null, focal2 = null, focal3 = null, focal4 = null] = emails;
  await app.db.update(regionais).set({ focal1, focal2, focal3, focal4 }).where(eq(regionais.id, 7));
}

/** A request created by `requester` in status 0, moved by `mover` to `status`. */
export async function createAndMove(
  app: FastifyInstance,
  tokens: { requester: string; mover: string },
  status = 1,
  extra: Record<string, unknown> = {},
) {
  const created = await call(app, tokens.requester, '/api/novas-unidades/add', await newUnitPayload(app));
  if (created.statusCode !== 200) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const { id, version } = created.json().dados as { id: number; version: number };
  const moved = await call(app, tokens.mover, '/api/novas-unidades/edit', { id, version, status, ...extra });
  return { id, moved };
}

/** The status-change e-mail tasks queued for one request, by address. */
export async function mailTasksOf(app: FastifyInstance, id: number) {
  const rows = await app.db
    .select()
    .from(filaTarefas)
    .where(and(eq(filaTarefas.tipo, 'email-status-solicitacao')));
  return rows.filter((r) => (r.dados as { numero: number }).numero === id);
}

/** The .eml files of DATA_DIR/outbox, decoded enough to read addresses, subject and body. */
export async function outboxMessages(dataDir: string) {
  const dir = path.join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(path.join(dir, name), 'utf8');
      // Quoted-printable soft breaks and escapes undone, so a long link reads whole.
      const decoded = raw
        .replace(/=\r?\n/g, '')
        .replace(/(=[0-9A-F]{2})+/gi, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
      const to = /^To: (.*)$/m.exec(raw)?.[1] ?? '';
      return { name, raw, text: decoded, to };
    }),
  );
}
