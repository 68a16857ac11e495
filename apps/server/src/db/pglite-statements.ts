import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;

/** Distinct statements kept parsed; past it the least recently used is closed. */
const MAX_STATEMENTS = 500;

/**
 * PGlite's `query` crosses into its WebAssembly Postgres six times per statement (parse, describe,
 * bind, describe, execute, sync) and parses the SQL again every time: half of a list call's time
 * on PGlite. Here each distinct SQL text is parsed once as a named statement (its parameter types
 * read then), and every call is one crossing: bind, describe, execute and sync together. Values
 * are serialized and rows parsed by PGlite's own functions for the statement's types, so callers
 * (Drizzle) see what `query` gave them. Queries inside a transaction go the same way.
 */
export function parseStatementsOnce(client: PGlite): void {
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let closing: string[] = [];
  let named = 0;

  /** The named statement for `text`, parsed on first use; the least recently used closed past the limit. */
  async function statementFor(text: string) {
    const kept = statements.get(text);
    if (kept) {
      // Most recently used last, so the first is the one to close.
      statements.delete(text);
      statements.set(text, kept);
      return kept;
    }
    const name = `pglite_${++named}`;
    const described = await client.execProtocolStream(
      join(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) forget(statements.keys().next().value!);
    return statement;
  }

  function forget(text: string) {
    const statement = statements.get(text);
    if (!statement) return;
    closing.push(statement.name);
    statements.delete(text);
  }

  async function run<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
    parseAgainOnChange = true,
  ): Promise<Results<T>> {
    const statement = await statementFor(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const toClose = closing;
    closing = [];
    let messages;
    try {
      messages = await client.execProtocolStream(
        join(
          ...toClose.map((name) => serialize.close({ type: 'S', name })),
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ),
        { syncToFs: false },
      );
    } catch (error) {
      // A table the statement reads changed its columns since it was parsed ("cached plan must
      // not change result type"): parsed again, as an unnamed query would have been.
      if ((error as { code?: string }).code !== '0A000' || !parseAgainOnChange) throw error;
      forget(text);
      return run(text, params, options, false);
    }
    if (!client.isInTransaction()) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  // A blob (COPY) or forced parameter types keep PGlite's own path.
  const ownPath = (options?: QueryOptions) => Boolean(options?.blob || options?.paramTypes);

  const query = client.query.bind(client);
  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (ownPath(options)) return query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    );
  }) as PGlite['query'];

  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (tx.closed || ownPath(options)) return txQuery<R>(text, params, options);
        return client._runExclusiveQuery(() => run<R>(text, params, options));
      };
      return callback(tx);
    })) as PGlite['transaction'];
}

function join(...messages: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    joined.set(message, offset);
    offset += message.length;
  }
  return joined;
}
