/** The database schema, one file per domain; drizzle-kit and the client read this list. */
export * from './accounts';
export * from './stores';
export * from './operations';
export * from './traffic';
export * from './open-api';
export * from './idempotency';
