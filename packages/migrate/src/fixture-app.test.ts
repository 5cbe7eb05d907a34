/**
 * The codemod on the incumbent-API app (e2e/incumbent-api-app): its original form, migrated, is its
 * migrated form, byte for byte.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { main } from './cli.ts';

const fixture = join(import.meta.dirname, '../../../e2e/incumbent-api-app');
const dir = mkdtempSync(join(tmpdir(), 'lk-migrate-fixture-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quiet = { out: () => {}, err: () => {} };
const files = (folder: string) => readdirSync(folder).sort();

test('migrating original/ gives exactly migrated/', () => {
  cpSync(join(fixture, 'original'), dir, { recursive: true });
  expect(main(['--check', '.'], { cwd: dir, ...quiet })).toBe(1);
  expect(main(['.'], { cwd: dir, ...quiet })).toBe(0);
  const expected = join(fixture, 'migrated');
  expect(files(dir)).toEqual(files(expected));
  for (const file of files(expected))
    expect(readFileSync(join(dir, file)).equals(readFileSync(join(expected, file))), file).toBe(true);
});

test('migrated/ has nothing left to migrate', () => {
  expect(main(['--check', join(fixture, 'migrated')], { cwd: dir, ...quiet })).toBe(0);
});

test('the two forms differ only in the import path and the provider name', () => {
  for (const file of files(join(fixture, 'original'))) {
    const original = readFileSync(join(fixture, 'original', file), 'utf8');
    const migrated = readFileSync(join(fixture, 'migrated', file), 'utf8');
    expect(
      original
        .replaceAll("'@privy-io/react-auth'", "'@latchkey/react'")
        .replaceAll('PrivyProvider', 'LatchkeyProvider'),
    ).toBe(migrated);
  }
});
