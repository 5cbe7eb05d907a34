/**
 * `@latchkey/test/server`: a real server in-process on a fresh database (SQLite, or PostgreSQL when
 * DATABASE_URL is set), HTTP clients of its apps, a cookie jar, storage that outlives a restart, and
 * a dump of every row, authenticator-app codes. The frame API's helpers and the wallet frame run in Node are subpaths of
 * their own (`/server/frame-api`, `/server/wallet-frame`), so tests that do not use them do not load them.
 */
export * from './cookie-jar.ts';
export * from './dump-database.ts';
export * from './persistent-storage.ts';
export * from './statement-counter.ts';
export * from './test-server.ts';
export * from './totp.ts';
export * from './webhook-receiver.ts';
