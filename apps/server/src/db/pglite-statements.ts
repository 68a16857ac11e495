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

/** A statement that may change a table's columns or types: every parsed statement is closed after it. */
const SCHEMA_CHANGE = /^\s*(?:create|alter|drop|do)\b/i;

/**
 * PGlite's `query` crosses into its WebAssembly Postgres six times per statement (parse, describe,
 * bind, describe, execute, sync) and parses the SQL again every time (the list page's statement:
 * 0.58 ms that way, 0.35 ms this one). Here each distinct SQL text is parsed once as a named
 * statement (its parameter types read then), and every call is one crossing: bind, describe,
 * execute and sync together. Values are serialized and rows parsed by PGlite's own functions for
 * the statement's types, so callers (Drizzle) see what `query` gave them. Queries inside a
 * transaction go the same way.
 *
 * A statement keeps the parameter types it was parsed with, so whatever may change the schema
 * (`exec`, which may carry anything, and any CREATE, ALTER, DROP or DO) goes PGlite's own way and
 * closes every parsed statement: PGlite has one connection, so every schema change passes here.
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

  function forgetAll() {
    closing.push(...[...statements.values()].map((statement) => statement.name));
    statements.clear();
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
      // "Cached plan must not change result type": a table changed under the statement some way
      // the schema-change rule did not see (a function's DDL). Parsed again outside a transaction;
      // inside one the error has already aborted it.
      if ((error as { code?: string }).code !== '0A000') throw error;
      forget(text);
      if (!parseAgainOnChange || client.isInTransaction()) throw error;
      return run(text, params, options, false);
    }
    if (!client.isInTransaction()) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  // A blob (COPY) or forced parameter types keep PGlite's own path too.
  const ownPath = (text: string, options?: QueryOptions) =>
    Boolean(options?.blob || options?.paramTypes) || SCHEMA_CHANGE.test(text);

  /** Runs a schema change PGlite's way, then closes every parsed statement, whatever its outcome. */
  async function changingSchema<R>(change: () => Promise<R>): Promise<R> {
    try {
      return await change();
    } finally {
      forgetAll();
    }
  }

  const query = client.query.bind(client);
  client.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (ownPath(text, options)) return changingSchema(() => query<T>(text, params, options));
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params, options)),
    );
  }) as PGlite['query'];

  const exec = client.exec.bind(client);
  client.exec = (text, options) => changingSchema(() => exec(text, options));

  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (tx.closed) return txQuery<R>(text, params, options);
        if (ownPath(text, options)) return changingSchema(() => txQuery<R>(text, params, options));
        return client._runExclusiveQuery(() => run<R>(text, params, options));
      };
      tx.exec = (text, options) => changingSchema(() => txExec(text, options));
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
