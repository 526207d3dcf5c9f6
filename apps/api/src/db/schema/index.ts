/** The database schema, one file per domain; drizzle-kit and the client read this list. */
export * from './accounts';
export * from './stores';
export * from './operations';
export * from './traffic';
export * from './open-api';
export * from './idempotency';
export * from './audit';
export * from './limits';
export * from './domains';
export * from './plugins';
