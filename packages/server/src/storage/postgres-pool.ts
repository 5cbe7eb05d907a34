import pg from 'pg';

// PostgreSQL returns bigint (int8) as strings by default; our bigints are Unix seconds.
const int8 = 20;
const pgTypes = {
  getTypeParser: (oid: number, format?: string) =>
    oid === int8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'),
};

/**
 * A pg client that is never without an 'error' listener, from its creation on. The pool listens only
 * to the clients it holds idle; a connection dropped while a client is lent out (between a
 * transaction's statements), or while it connects, would otherwise throw an uncaught exception. The
 * statement in flight still fails with the error, and the pool discards the broken client.
 */
class ListenedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }
}

/**
 * The connection pool to `url`, on `schema` when given. Its own module, imported by `openStorage`
 * only for PostgreSQL, so a SQLite server or CLI command does not load pg.
 */
export function createPostgresPool(url: string, options: { poolSize?: number; schema?: string }): pg.Pool {
  const pool = new pg.Pool({
    Client: ListenedClient,
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypes,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle connection the database drops (a restart, a failover, a proxy closing) is reported
  // here; unheard, the pool's 'error' event would end the process. The pool replaces it on next
  // use, and `/ready` reports the database while it cannot.
  pool.on('error', () => {});
  return pool;
}
