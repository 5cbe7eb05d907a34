import type { PostgresCursor, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * How many distinct SQL texts get a prepared-statement name, process-wide. The hot paths send a few
 * dozen shapes; texts that vary with their input (an `in` list, a batch of rows) would otherwise
 * grow every connection's statement cache without bound, so past the cap a text goes unnamed.
 */
const maxNamedStatements = 2000;

/** "cached plan must not change result type" (SQLSTATE 0A000): a table a named statement reads changed. */
const cachedPlanChanged = (error: unknown) => {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '0A000' && /cached plan/.test(e.message ?? '');
};

/**
 * Names every parameterised statement Kysely sends on PostgreSQL after its SQL text, so each
 * connection parses and plans a statement once and then only binds and executes it: the server
 * skips the parse and most planning, and the client sends no Parse message. The texts of one
 * process map to one name each (pg refuses one name for two texts on a connection).
 *
 * A statement with no parameters (`begin`, `commit`, DDL) keeps the simple protocol. Should a
 * migration run by a newer replica change a table under a named statement, PostgreSQL refuses it
 * once; the text is then sent unnamed from that moment on.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string | null>();
  const nameFor = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined) {
      name = names.size < maxNamedStatements ? `lk_${names.size.toString(36)}` : null;
      names.set(text, name);
    }
    return name ?? undefined;
  };
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = async (text: string, values: ReadonlyArray<unknown>) => {
      const name = values.length > 0 ? nameFor(text) : undefined;
      if (!name) return client.query(text, values as unknown[]);
      try {
        return await client.query({ name, text, values: values as unknown[] });
      } catch (error) {
        if (!cachedPlanChanged(error)) throw error;
        names.set(text, null);
        return client.query(text, values as unknown[]);
      }
    };
    return {
      query: ((textOrCursor: string | PostgresCursor<unknown>, values?: ReadonlyArray<unknown>) =>
        typeof textOrCursor === 'string'
          ? query(textOrCursor, values ?? [])
          : client.query(
              textOrCursor as unknown as pg.Submittable,
            )) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };

  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
