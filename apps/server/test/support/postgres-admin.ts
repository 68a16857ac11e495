import pg from 'pg';

/** Runs one statement (create or drop a database) on the server of `base`, in a connection of its own. */
export async function adminQuery(base: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the same server as `base`. */
export function databaseUrlBeside(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
