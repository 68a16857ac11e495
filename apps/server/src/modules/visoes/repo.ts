import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { SavedViewBody } from '@portal/domain';
import type { SavedView } from '@portal/domain/contracts/saved-views';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { hasAny } from '../../db/exists.ts';
import { visoesSalvas } from '../../db/schema.ts';
import { updatedOrStale, versionLock } from '../../db/version.ts';

type Row = typeof visoesSalvas.$inferSelect;

/** Whose views, of which list: every statement of this module is bounded by both. */
export interface ViewOwner {
  idUsuario: number;
  lista: string;
}

const ofOwner = (owner: ViewOwner) =>
  and(eq(visoesSalvas.idUsuario, owner.idUsuario), eq(visoesSalvas.lista, owner.lista));

export const toSavedViewDto = (row: Row): SavedView => ({
  id: row.id,
  nome: row.nome,
  padrao: row.padrao,
  filtros: row.filtros as SavedView['filtros'],
  colunas: row.colunas as SavedView['colunas'],
  ordem: row.ordem as SavedView['ordem'],
  sentido: row.sentido,
  por_pagina: row.porPagina,
  version: row.version,
});

export const listViews = (db: DbOrTx, owner: ViewOwner) =>
  db
    .select()
    .from(visoesSalvas)
    .where(ofOwner(owner))
    .orderBy(asc(sql`lower(${visoesSalvas.nome})`), asc(visoesSalvas.id));

/** The view of this id, only if it is the owner's and of this list (anyone else's reads as none). */
export async function findView(db: DbOrTx, owner: ViewOwner, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(visoesSalvas)
    .where(and(ofOwner(owner), eq(visoesSalvas.id, id)));
  return row;
}

/**
 * Serializes one user's saves of one list's views until their transactions end, so the limit, the
 * name check and the one default hold when two tabs save at once.
 */
export const lockOwner = (tx: Tx, owner: ViewOwner) =>
  tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`visoes:${owner.idUsuario}:${owner.lista}`}, 0))`,
  );

export async function countViews(db: DbOrTx, owner: ViewOwner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(visoesSalvas).where(ofOwner(owner));
  return row?.n ?? 0;
}

/** Whether another of the owner's views of this list has this name, whatever its case. */
export const nameTaken = (db: DbOrTx, owner: ViewOwner, nome: string, exceptId?: number) =>
  hasAny(
    db,
    visoesSalvas,
    and(
      ofOwner(owner),
      sql`lower(${visoesSalvas.nome}) = lower(${nome})`,
      exceptId ? ne(visoesSalvas.id, exceptId) : undefined,
    ),
  );

/** The owner's other views of this list stop being the default (one default per list). */
export const clearDefault = (tx: Tx, owner: ViewOwner, exceptId?: number) =>
  tx
    .update(visoesSalvas)
    .set({ padrao: false })
    .where(
      and(
        ofOwner(owner),
        eq(visoesSalvas.padrao, true),
        exceptId ? ne(visoesSalvas.id, exceptId) : undefined,
      ),
    );

const columnsOf = (body: SavedViewBody) => ({
  nome: body.nome,
  padrao: body.padrao,
  filtros: body.filtros,
  colunas: body.colunas,
  ordem: body.ordem,
  sentido: body.sentido,
  porPagina: body.por_pagina,
});

export const insertView = async (tx: Tx, owner: ViewOwner, body: SavedViewBody) =>
  (
    await tx
      .insert(visoesSalvas)
      .values({ ...owner, ...columnsOf(body) })
      .returning()
  )[0]!;

/** Replaces the view as read; 409 when another save changed it since. */
export async function updateView(tx: Tx, before: Row, body: SavedViewBody) {
  const lock = versionLock(visoesSalvas.version, before.version);
  return updatedOrStale(
    await tx
      .update(visoesSalvas)
      .set({ ...columnsOf(body), ...lock.bump })
      .where(and(eq(visoesSalvas.id, before.id), lock.where))
      .returning(),
  );
}

/** Deletes the view; false when it was not the owner's (or another delete took it first). */
export async function deleteView(db: DbOrTx, owner: ViewOwner, id: number): Promise<boolean> {
  const removed = await db
    .delete(visoesSalvas)
    .where(and(ofOwner(owner), eq(visoesSalvas.id, id)))
    .returning({ id: visoesSalvas.id });
  return removed.length > 0;
}
