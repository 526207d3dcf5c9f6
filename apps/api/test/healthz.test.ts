import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPglite } from '../src/db/client';
import { buildTestApp, testConfig } from './helper';

describe('GET /healthz', () => {
  it('answers 200 when the database is reachable and migrated', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
    } finally {
      await t.close();
    }
  });

  it('answers 503 on a database without the migrations', async () => {
    const database = await openPglite();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 503 when the database cannot be reached', async () => {
    const t = await buildTestApp();
    await t.database.close();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
    } finally {
      await t.app.close();
    }
  });
});
