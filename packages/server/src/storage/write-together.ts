import {
  type Compilable,
  CompiledQuery,
  type Insertable,
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type OperationNodeSource,
  sql,
} from 'kysely';
import type { Dialect } from './db.ts';
import type { Database } from './schema.ts';

/** Rows for one table, all with the same columns: an insert whose SQL text depends only on its shape. */
export interface RowsInsert<T extends keyof Database = keyof Database> {
  into: T;
  rows: Insertable<Database[T]>[];
}

/**
 * A write whose result nobody reads: an insert, update or delete built on any Kysely instance, or
 * rows to insert (`RowsInsert`), which skip Kysely's query building.
 */
export type Write = (Compilable & OperationNodeSource) | RowsInsert;

/** The rows of `RowsInsert` as one insert built with Kysely (when mixed with other writes). */
export function insertOf(
  db: Kysely<Database>,
  write: RowsInsert,
): InsertQueryBuilder<Database, keyof Database, InsertResult> {
  return db.insertInto(write.into).values(write.rows as never);
}

const isRowsInsert = (write: Write): write is RowsInsert => 'into' in write && 'rows' in write;

/**
 * Runs writes that stand or fall together (a sign-up's user, account, events, session and refresh
 * token), in order, as one atomic unit:
 *
 * - On PostgreSQL they are one statement, each write a data-modifying CTE (`with w0 as (insert …),
 *   w1 as (…) select 1`): one round trip instead of a `begin`, one per write and a `commit`. Every
 *   write runs to completion whether or not anything reads it, and a failure of any (a unique
 *   violation) fails them all. The writes see the same snapshot, not each other's rows, so none may
 *   depend on another's effect (foreign keys are fine: they are checked at the statement's end).
 * - On SQLite (in-process, no data-modifying CTEs) they run one after another in a transaction.
 *
 * Given a transaction, they run inside it. When every write is a `RowsInsert`, the SQL text is made
 * once per shape (tables, columns, row counts) and only the values are new: building and compiling
 * Kysely queries cost more than SQLite's own work for a sign-up.
 */
export async function writeTogether(db: Kysely<Database>, dialect: Dialect, writes: Write[]): Promise<void> {
  if (writes.length === 0) return;
  if (writes.every(isRowsInsert)) return insertTogether(db, dialect, writes);
  const built = writes.map((write) => (isRowsInsert(write) ? insertOf(db, write) : write));
  if (dialect === 'postgres') {
    await togetherStatement(built).execute(db);
    return;
  }
  await inTransaction(db, async (trx) => {
    for (const write of built) await trx.executeQuery(write.compile());
  });
}

/** PostgreSQL: the writes as one statement, each a data-modifying CTE. */
export function togetherStatement(writes: (Compilable & OperationNodeSource)[]) {
  const ctes = writes.map((write, i) => sql`${sql.id(`w${i}`)} as (${write})`);
  return sql`with ${sql.join(ctes)} select 1`;
}

/** The statements' texts by dialect and shape; the shapes are the code's own, so they are few. */
const texts = new Map<string, string[]>();
const maxTexts = 256;

async function insertTogether(db: Kysely<Database>, dialect: Dialect, writes: RowsInsert[]): Promise<void> {
  const shapes = writes.map((write) => ({
    into: write.into,
    columns: columnsOf(write),
    count: write.rows.length,
  }));
  const key = `${dialect}|${shapes.map((s) => `${s.into}(${s.columns.join(',')})x${s.count}`).join('|')}`;
  let statements = texts.get(key);
  if (!statements) {
    statements = dialect === 'postgres' ? [postgresText(shapes)] : shapes.map(sqliteText);
    if (texts.size >= maxTexts) texts.clear();
    texts.set(key, statements);
  }
  const values = writes.map((write, i) =>
    write.rows.flatMap((row) => shapes[i]!.columns.map((column) => (row as Record<string, unknown>)[column])),
  );
  if (dialect === 'postgres') {
    await db.executeQuery(CompiledQuery.raw(statements[0]!, values.flat()));
    return;
  }
  await inTransaction(db, async (trx) => {
    for (const [i, text] of statements.entries()) await trx.executeQuery(CompiledQuery.raw(text, values[i]!));
  });
}

/** The columns of an insert's rows, which must all have the same. */
function columnsOf(write: RowsInsert): string[] {
  const first = write.rows[0];
  if (!first) throw new Error(`writeTogether: no rows for ${write.into}`);
  const columns = Object.keys(first);
  for (const row of write.rows)
    if (Object.keys(row).join(',') !== columns.join(','))
      throw new Error(`writeTogether: the rows for ${write.into} differ in their columns`);
  return columns;
}

interface Shape {
  into: string;
  columns: string[];
  count: number;
}

// Table and column names are the code's own (typed against the schema); checked all the same,
// since they are written into the SQL text.
const quoted = (name: string) => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`writeTogether: unexpected name ${name}`);
  return `"${name}"`;
};

function insertText(shape: Shape, placeholder: () => string): string {
  const row = () => `(${shape.columns.map(placeholder).join(', ')})`;
  const rows = Array.from({ length: shape.count }, row).join(', ');
  return `insert into ${quoted(shape.into)} (${shape.columns.map(quoted).join(', ')}) values ${rows}`;
}

function postgresText(shapes: Shape[]): string {
  let n = 0;
  const ctes = shapes.map((shape, i) => `"w${i}" as (${insertText(shape, () => `$${++n}`)})`);
  return `with ${ctes.join(', ')} select 1`;
}

const sqliteText = (shape: Shape) => insertText(shape, () => '?');

/** Runs `work` in a transaction: the given one, or a new one. */
export async function inTransaction(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  if (db.isTransaction) return work(db);
  await db.transaction().execute(work);
}
