import {
  type Compilable,
  CompiledQuery,
  type Kysely,
  type OperationNodeSource,
  type QueryResult,
  type RawBuilder,
} from 'kysely';
import type { Dialect } from './db.ts';
import type { Database } from './schema.ts';
import { inTransaction, togetherStatement } from './write-together.ts';

/** Stands for an argument while the query is built once: it must reach the SQL as a parameter. */
const argumentMarker = '\u0000latchkey-argument:';

/** A query builder, or an `sql` template (compiled against the database it runs on). */
type Buildable<Row> = Compilable<Row> | RawBuilder<Row>;

interface Template {
  sql: string;
  /** Per parameter: the argument's name, or the constant the query was built with. */
  parameters: ({ argument: string } | { constant: unknown })[];
}

/**
 * A hot query built and compiled once per database dialect, then sent with each call's arguments.
 * Building a Kysely query (immutable operation nodes, then compiling them to SQL) costs more than a
 * SQLite read or the round trip it replaces on the session check and login paths; the SQL of a query
 * whose shape never changes is the same every time, so only its parameters are new.
 *
 * `build` gets stand-ins for the arguments and must pass each one as a plain value, where Kysely
 * sends it as a parameter (`where`, `values`, `set`, `limit`): the query's shape must not depend on
 * an argument (no `in` lists of varying length, no branch on a value). A stand-in that ends up in
 * the SQL text instead is refused when the template is made.
 *
 * @example
 * const sessionById = compiledQuery((db, a: { id: string }) =>
 *   db.selectFrom('sessions').selectAll().where('id', '=', a.id));
 * const rows = await sessionById(ctx.db, { id });
 */
export function compiledQuery<Args extends object, Row>(
  build: (db: Kysely<Database>, args: Args) => Buildable<Row>,
): (db: Kysely<Database>, args: Args) => Promise<Row[]> {
  const statement = compiledStatement(build);
  return async (db, args) => (await statement(db, args)).rows;
}

/** `compiledQuery` answering the whole result (a write's affected rows too), for a write of fixed shape. */
export function compiledStatement<Args extends object, Row>(
  build: (db: Kysely<Database>, args: Args) => Buildable<Row>,
): (db: Kysely<Database>, args: Args) => Promise<QueryResult<Row>> {
  // Per dialect: a transaction shares its database's adapter, so both find the same template.
  const templates = new WeakMap<object, Template>();
  const stand = new Proxy({} as Args, { get: (_, name) => `${argumentMarker}${String(name)}` });

  const templateFor = (db: Kysely<Database>): Template => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      const built = build(db, stand);
      const compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      if (compiled.sql.includes(argumentMarker))
        throw new Error(`compiledQuery: an argument was written into the SQL, not sent as a parameter`);
      template = {
        sql: compiled.sql,
        parameters: compiled.parameters.map((value) =>
          typeof value === 'string' && value.startsWith(argumentMarker)
            ? { argument: value.slice(argumentMarker.length) }
            : { constant: value },
        ),
      };
      templates.set(adapter, template);
    }
    return template;
  };

  return async (db, args) => {
    const template = templateFor(db);
    const parameters = template.parameters.map((p) => {
      if (!('argument' in p)) return p.constant;
      if (!(p.argument in args)) throw new Error(`compiledQuery: no argument ${p.argument}`);
      return (args as Record<string, unknown>)[p.argument];
    });
    return db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
  };
}

/**
 * `writeTogether` (storage/write-together.ts) for writes of a fixed shape, built and compiled once per
 * dialect: on PostgreSQL the one statement of CTEs, on SQLite each write, in one transaction.
 */
export function compiledWrites<Args extends object>(
  build: (db: Kysely<Database>, args: Args) => (Compilable & OperationNodeSource)[],
): (db: Kysely<Database>, dialect: Dialect, args: Args) => Promise<void> {
  const together = compiledStatement((db, args: Args) => togetherStatement(build(db, args)));
  // SQLite: one template per write, made on first use (how many there are is known then).
  let each: ((db: Kysely<Database>, args: Args) => Promise<QueryResult<unknown>>)[] | null = null;
  return async (db, dialect, args) => {
    if (dialect === 'postgres') {
      await together(db, args);
      return;
    }
    each ??= build(db, {} as Args).map((_, i) => compiledStatement((d, a: Args) => build(d, a)[i]!));
    const writes = each;
    await inTransaction(db, async (trx) => {
      for (const write of writes) await write(trx, args);
    });
  };
}
