import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';
import { withDatabase } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated data directory each test file loads. */
    pgliteSnapshot: string;
    /** PostgreSQL: a migrated database each test file copies as its template. */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run. On PGlite (the default) the migrated data directory is dumped and each test
 * file starts from that snapshot; with TEST_DATABASE_URL a fresh template database is migrated on the
 * server and each test file gets its own copy, dropped at the end.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite();
    await database.migrate();
    // Uncompressed (43 MB against 5 MB): every test file loads it, and restoring skips the gunzip and
    // PGlite's failed first untar of the unlabelled gzip (CPU per restore 1.75–1.94 s against 2.12–2.67 s).
    const dump = await database.pglite.dumpDataDir('none');
    await database.close();
    const file = path.join(os.tmpdir(), `parlour-pglite-${process.pid}-${Date.now()}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    project.provide('postgresTemplate', '');
    return () => fs.rmSync(file, { force: true });
  }

  const template = `parlour_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = await openPostgres(withDatabase(serverUrl, template));
  await database.migrate();
  await database.close();
  project.provide('pgliteSnapshot', '');
  project.provide('postgresTemplate', template);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `${template}%`,
    ]);
    for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
    await admin.end();
  };
}
