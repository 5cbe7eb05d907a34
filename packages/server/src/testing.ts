/**
 * `@latchkey/server/testing`: what the shared test kit (`@latchkey/test`) needs of the server beyond
 * its product entry, to start servers in-process and look inside them. Not product API: nothing here
 * is promised to apps, and it may change with the server's internals.
 */
export { addAllowlistEntry } from './accounts/allowlist.ts';
export type { AppRecord } from './app-config/app-record.ts';
export type { ServerContext } from './context.ts';
export type { Logger } from './logger.ts';
export type { Dialect, StorageOptions } from './storage/db.ts';
export type { ObservedQuery, QueryObserver } from './storage/query-observer.ts';
