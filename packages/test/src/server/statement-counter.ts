import type { ObservedQuery } from '@latchkey/server/testing';

/** What some work sent to the database. */
export interface StatementCount {
  /** Statements other than transaction control (`begin`, `commit`, `rollback`, savepoints). */
  statements: number;
  /** Durable commits: explicit `commit`s, and writes sent outside a transaction (each autocommits). */
  commits: number;
  /** Transactions opened. */
  transactions: number;
  /** Every SQL text, transaction control included, in the order sent (to read when a count fails). */
  sql: string[];
}

const control = /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i;
const write = /^\s*(insert|update|delete|replace)\b|^\s*with\b[\s\S]*\b(insert|update|delete)\b/i;

/**
 * Counts the statements a test server sends, per connection, so that a transaction's statements
 * are told from autocommits. Pass `observe` as the server's `onQuery`; `during` counts what one
 * piece of work (a request) sends.
 */
export class StatementCounter {
  readonly #open = new WeakSet<object>();
  #current: StatementCount | null = null;
  #ignore: RegExp | undefined;

  readonly observe = ({ sql, connection }: ObservedQuery): void => {
    const count = this.#current;
    const verb = control.exec(sql)?.[1]?.toLowerCase();
    if (verb === 'begin' || verb === 'start transaction') this.#open.add(connection);
    if (verb === 'commit' || verb === 'rollback') this.#open.delete(connection);
    if (!count || this.#ignore?.test(sql)) return;
    count.sql.push(sql);
    if (verb === 'begin' || verb === 'start transaction') count.transactions++;
    else if (verb === 'commit') count.commits++;
    else if (!verb) {
      count.statements++;
      if (!this.#open.has(connection) && write.test(sql)) count.commits++;
    }
  };

  /**
   * Runs `work` and counts what the server sent meanwhile (one count at a time), leaving out the
   * statements `ignore` matches (say, the reload of a cache that expires on its own clock).
   */
  async during(work: () => Promise<unknown>, options: { ignore?: RegExp } = {}): Promise<StatementCount> {
    if (this.#current) throw new Error('StatementCounter: one count at a time');
    const count: StatementCount = { statements: 0, commits: 0, transactions: 0, sql: [] };
    this.#current = count;
    this.#ignore = options.ignore;
    try {
      await work();
    } finally {
      this.#current = null;
      this.#ignore = undefined;
    }
    return count;
  }
}
