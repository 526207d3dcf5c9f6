import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { openTestDatabase } from './helper';

const FUNCTIONS_DIR = path.resolve(import.meta.dirname, '../src/db/functions');

/** The body between the dollar quotes of the one function a db/functions file defines: what pg_proc.prosrc holds. */
function bodyOf(file: string) {
  const text = fs.readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8');
  const match = /AS \$\$([\s\S]*)\$\$;/.exec(text);
  if (!match) throw new Error(`${file} has no $$-quoted body`);
  return match[1];
}

describe('SQL functions (db/functions)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const liveBody = async (name: string) =>
    (await database.executeSql('select prosrc from pg_proc where proname = $1', [name])).rows.map(
      (row) => (row as { prosrc: string }).prosrc,
    );

  it('each function the database runs has the body of its file, not of the last migration that defined it', async () => {
    expect(await liveBody('open_api_charge')).toEqual([bodyOf('20_open_api_charge.sql')]);
    expect(await liveBody('traffic_package_usable')).toEqual([bodyOf('10_traffic_package_usable.sql')]);
  });

  it('another start applies them again and changes nothing', async () => {
    await database.migrate();
    await database.migrate();
    expect(await liveBody('open_api_charge')).toEqual([bodyOf('20_open_api_charge.sql')]);
  });

  it('the usable-package rule is inlined by the planner, so the partial index on usable packages still applies', async () => {
    // With the table's rows too few for the planner to want an index, forbid the sequential scan to see which one it picks.
    const indexed = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<Record<string, string>>(sql`explain (costs off) select id from traffic_packages
        where merchant_id = 1 and traffic_package_usable(paid_at, voided_at, units_used, units_total, expires_at, now())`);
    });
    const plan = indexed.rows.map((row) => Object.values(row)[0]).join('\n');
    expect(plan).not.toContain('traffic_package_usable(');
    // The index's own predicate is the rule's (paid, not void, units left): only the expiry remains a condition.
    expect(plan).toContain('Index Scan using traffic_packages_usable_idx');
  });
});
