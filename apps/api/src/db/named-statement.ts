import { is, type SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import type { Db } from './client';

interface Internals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: unknown;
}
type PgQueryable = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };

/**
 * Runs a statement whose text never changes (its input only in parameters) as a named prepared
 * statement on node-postgres: each connection parses and plans it once, then only binds and executes
 * it — for the Open API's batch statements, whose parsing and planning cost more than their
 * execution. `db` may be a transaction. On PGlite it is an ordinary execute.
 */
export async function executeNamed<T = Record<string, unknown>>(
  db: Db,
  name: string,
  query: SQL,
): Promise<{ rows: T[] }> {
  const { dialect, session } = db as unknown as Internals;
  if (is(session, NodePgSession)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const client = (session as unknown as { client: PgQueryable }).client;
    return (await client.query({ name, text, values: params })) as { rows: T[] };
  }
  return (await db.execute(query)) as unknown as { rows: T[] };
}
