import { z } from 'zod';
import { listQuery, recordId } from '@portal/domain';

/** The envelopes of the administration calls (spec §7: error, msg, dados; lists add `total`). */

export const SAVED = 'Salvo com sucesso';
export const DELETED = 'Apagado com sucesso!';

/** A list call without body reads the first page, as the old screens' `list` with no payload did. */
export const listBody = z.preprocess((v) => v ?? {}, listQuery);

/** A list body with extra filters (flow, kind…). */
export const listBodyWith = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess((v) => v ?? {}, listQuery.extend(shape));

export const listReply = <T extends z.ZodType>(row: T) =>
  z.union([
    z.object({ error: z.literal(0), total: z.number(), dados: z.array(row) }),
    z.object({ error: z.literal(0), dados: row }),
  ]);

export const savedReply = <T extends z.ZodType>(row: T) =>
  z.object({ error: z.literal(0), msg: z.string(), dados: row });

/** `desativado` tells the screen the row stayed (inactive) because history depends on it. */
export const deletedReply = z.object({ error: z.literal(0), msg: z.string(), desativado: z.boolean() });

export const idBody = z.object({ id: recordId });

export const isoDate = (d: Date) => d.toISOString();
