import type { Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { collectMigrations } from './migrations.ts';

const noop: Migration = { async up() {} };

describe('collectMigrations', () => {
  it("adds the features' migrations after the foundation's", () => {
    const names = Object.keys(collectMigrations([{ '0100_a': noop }, { '0101_b': noop }]));
    expect(names[0]).toBe('0001_foundation');
    expect(names.slice(-2)).toEqual(['0100_a', '0101_b']);
  });

  // Kysely runs migrations by name: a second declaration would silently replace the first.
  it('refuses a name two features declare', () => {
    expect(() => collectMigrations([{ '0100_a': noop }, { '0100_a': noop }])).toThrow(
      'Migration 0100_a is declared twice',
    );
  });

  it("refuses a feature's migration named like one of the foundation's", () => {
    expect(() => collectMigrations([{ '0001_foundation': noop }])).toThrow(
      'Migration 0001_foundation is declared twice',
    );
  });
});
