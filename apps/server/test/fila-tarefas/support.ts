import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { filaTarefas } from '../../src/db/schema.ts';

/** Makes the given tasks due now, as if their backoff had passed. */
export const makeDue = (app: FastifyInstance, ids: number[]) =>
  app.db
    .update(filaTarefas)
    .set({ executarEm: sql`now()` })
    .where(inArray(filaTarefas.id, ids));

/** The queued tasks of one kind, oldest first. */
export const tasksOf = (app: FastifyInstance, tipo: string) =>
  app.db.select().from(filaTarefas).where(eq(filaTarefas.tipo, tipo)).orderBy(filaTarefas.id);

export const taskById = async (app: FastifyInstance, id: number) =>
  (await app.db.select().from(filaTarefas).where(eq(filaTarefas.id, id)))[0];
