import type { PGlite } from '@electric-sql/pglite';
/** A query or transaction that did not get its turn in time (answered 503 by the error handler). */
export class DatabaseBusyError extends Error {
  constructor() {
    super('PGlite: a vez desta operação não chegou a tempo');
  }
}

/**
 * The embedded PGlite runs one query or transaction at a time; everything else waits behind it,
 * for as long as it takes (a long import, a burst of saves), and a save that waited until the
 * client gave up was still committed. Here every query and transaction takes its turn first
 * come, first served, and one whose turn has not come within `maxWaitMs` is refused before it
 * starts (503): the user is told, and nothing was written. Queries inside a transaction run on
 * it, not through this queue.
 */
export function queueOperations(client: PGlite, maxWaitMs: number): { inLine(): number } {
  let last: Promise<void> = Promise.resolve();
  // Operations queued or running, for /metrics (observability/metrics.ts).
  let inLine = 0;
  const inTurn =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inLine++;
      const turn = last;
      let finished!: () => void;
      const mine = new Promise<void>((resolve) => (finished = resolve));
      // The next in line waits for this one and for every one before it, even if this one gives up.
      last = turn.then(() => mine);
      try {
        await atMost(turn, maxWaitMs);
        return await operation(...args);
      } finally {
        inLine--;
        finished();
      }
    };
  client.query = inTurn(client.query.bind(client)) as PGlite['query'];
  client.exec = inTurn(client.exec.bind(client));
  client.transaction = inTurn(client.transaction.bind(client)) as PGlite['transaction'];
  return { inLine: () => inLine };
}

async function atMost(turn: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseBusyError()), ms);
  });
  try {
    await Promise.race([turn, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
