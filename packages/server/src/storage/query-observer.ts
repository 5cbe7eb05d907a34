import type { DatabaseConnection, Dialect, Driver } from 'kysely';

/** One SQL text sent to the database, and the connection it went over (transactions are per connection). */
export interface ObservedQuery {
  sql: string;
  connection: object;
}

/** Called for every statement the server sends, transaction control (`begin`, `commit`) included. */
export type QueryObserver = (query: ObservedQuery) => void;

/**
 * Wraps a dialect so that every statement its connections execute is reported to `observer`
 * before it is sent. It sits below Kysely's transactions (whose `begin` and `commit` go through the
 * same connection), so it sees each round trip; the tests that count statements per route use it.
 */
export function observeQueries(dialect: Dialect, observer: QueryObserver): Dialect {
  return {
    createDriver: () => observedDriver(dialect.createDriver(), observer),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

function observedDriver(driver: Driver, observer: QueryObserver): Driver {
  const patched = new WeakSet<DatabaseConnection>();
  const acquireConnection = driver.acquireConnection.bind(driver);
  // Patched in place, as Kysely's own query log does: the drivers recognise their connections by
  // identity (PostgreSQL releases them to its pool by a private method), so a wrapper would not do.
  driver.acquireConnection = async () => {
    const connection = await acquireConnection();
    if (!patched.has(connection)) {
      patched.add(connection);
      const executeQuery = connection.executeQuery.bind(connection);
      const streamQuery = connection.streamQuery.bind(connection);
      connection.executeQuery = (query) => {
        observer({ sql: query.sql, connection });
        return executeQuery(query);
      };
      connection.streamQuery = (query, chunkSize) => {
        observer({ sql: query.sql, connection });
        return streamQuery(query, chunkSize);
      };
    }
    return connection;
  };
  return driver;
}
