import { z } from 'zod';
import { listQuery } from '../schemas/list.ts';
import { recordId } from '../schemas/fields.ts';

/**
 * The envelopes shared by the list/add/edit/delete calls (spec §7: error, msg, dados; lists add
 * `total`), declared once for the server's routes and the web's types.
 */

/** A list call without body reads the first page, as the old screens' `list` with no payload did. */
export const listBody = z.preprocess((v) => v ?? {}, listQuery);

/** A list body with extra filters (flow, kind…). */
export const listBodyWith = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess((v) => v ?? {}, listQuery.extend(shape));

/** A page of rows, or one row when the body asked for one `id`. */
export const listReply = <T extends z.ZodType>(row: T) =>
  z.union([
    z.object({ error: z.literal(0), total: z.number(), dados: z.array(row) }),
    z.object({ error: z.literal(0), dados: row }),
  ]);

/** A page of rows as a list call answers it: listReply's page branch, for a row type. */
export type ListPage<Row> = Extract<
  z.output<ReturnType<typeof listReply<z.ZodType<Row>>>>,
  { total: number }
>;

export const savedReply = <T extends z.ZodType>(row: T) =>
  z.object({ error: z.literal(0), msg: z.string(), dados: row });
export type SavedReply<Row> = z.output<ReturnType<typeof savedReply<z.ZodType<Row>>>>;

/** `desativado` tells the screen the row stayed (inactive) because history depends on it. */
export const deletedReply = z.object({ error: z.literal(0), msg: z.string(), desativado: z.boolean() });
export type DeletedReply = z.infer<typeof deletedReply>;

export const messageReply = z.object({ error: z.literal(0), msg: z.string() });
export type MessageReply = z.infer<typeof messageReply>;

export const idBody = z.object({ id: recordId });
