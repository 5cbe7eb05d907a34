/**
 * The compose.yaml check (scripts/image/compose-check.ts) passes the repo's compose.yaml and catches
 * each thing it is there to catch, on the file with one part changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkCompose, serverEnvNames } from './compose-check.ts';

const repo = join(import.meta.dirname, '../..');
const compose = readFileSync(join(repo, 'compose.yaml'), 'utf8');
const knownEnv = serverEnvNames(join(repo, 'packages/server/src'));
const check = (text: string) =>
  checkCompose(text, { knownEnv, imageVolumes: ['/var/lib/latchkey', '/var/lib/latchkey-keys'], port: 8787 });

function edited(from: string | RegExp, to: string): string {
  const text = compose.replace(from, to);
  expect(text, `${from} not found`).not.toBe(compose);
  return text;
}

describe('the compose.yaml check', () => {
  test('passes the repo compose.yaml', () => {
    expect(check(compose)).toEqual([]);
  });

  test('knows the variables the server reads, from its sources', () => {
    for (const name of [
      'DATABASE_URL',
      'REDIS_URL',
      'LATCHKEY_PUBLIC_URL',
      'LATCHKEY_MASTER_KEY',
      'LATCHKEY_KEY_STORE',
    ])
      expect(knownEnv.has(name), name).toBe(true);
    expect(knownEnv.has('LATCHKEY_NO_SUCH_SETTING')).toBe(false);
  });

  test.each([
    [
      'a secret written in the file',
      /LATCHKEY_ADMIN_KEY: \$\{[^}]*\}/,
      'LATCHKEY_ADMIN_KEY: lk_admin_abc',
      /LATCHKEY_ADMIN_KEY is written in the file/,
    ],
    [
      'a secret with a default',
      /LATCHKEY_MASTER_KEY: \$\{[^}]*\}/,
      // A compose interpolation, not a template placeholder.
      'LATCHKEY_MASTER_KEY: $' + '{LATCHKEY_MASTER_KEY:-abc}',
      /LATCHKEY_MASTER_KEY has a default/,
    ],
    [
      'a password in a URL',
      /latchkey:\$\{POSTGRES_PASSWORD:\?set POSTGRES_PASSWORD\}@/,
      'latchkey:hunter2@',
      /DATABASE_URL has a password written/,
    ],
    [
      'a variable the server does not read',
      /REDIS_URL: redis/,
      'LATCHKEY_REDIS: redis',
      /reads no variable LATCHKEY_REDIS/,
    ],
    ['a missing required variable', /\s+LATCHKEY_TRUST_PROXY: [^\n]*/, '', /LATCHKEY_TRUST_PROXY is not set/],
    [
      'depends_on without a health condition',
      /condition: service_healthy\n\s+redis:\n\s+condition: service_healthy/,
      'condition: service_healthy\n      redis:\n        condition: service_started',
      /depends_on redis must have condition: service_healthy/,
    ],
    [
      'a service without a healthcheck',
      /\n {4}healthcheck:\n {6}test: \["CMD", "redis-cli", "ping"\]/,
      '\n    x-no-healthcheck:\n      test: []',
      /redis: no healthcheck/,
    ],
    [
      'an unpinned image',
      /postgres:17\.6-bookworm/,
      'postgres:latest',
      /image postgres:latest is not pinned/,
    ],
    [
      'DATABASE_URL not at the postgres service',
      /@postgres:5432/,
      '@db.example.com:5432',
      /DATABASE_URL does not point at the postgres service/,
    ],
    [
      'the key file on the data volume',
      /file:\/var\/lib\/latchkey-keys\/recovery\.key/,
      'file:/var/lib/latchkey/recovery.key',
      /key file .* is on the data volume/,
    ],
    [
      'the keys volume not mounted',
      /\s+- latchkey-keys:\/var\/lib\/latchkey-keys/,
      '',
      /volume \/var\/lib\/latchkey-keys is not mounted/,
    ],
    [
      'a public port while trusting a proxy',
      /"127\.0\.0\.1:8787:8787"/,
      '"8787:8787"',
      /port 8787:8787 is public while LATCHKEY_TRUST_PROXY/,
    ],
    [
      'an undeclared volume',
      '- postgres-data:/var/lib/postgresql/data',
      '- pgdata:/var/lib/postgresql/data',
      /volume pgdata is not declared/,
    ],
  ])('catches %s', (_name, from, to, problem) => {
    expect(check(edited(from, to)).join('\n')).toMatch(problem);
  });

  test('a public port is fine when no proxy is trusted', () => {
    const direct = edited(/"127\.0\.0\.1:8787:8787"/, '"8787:8787"').replace(
      /LATCHKEY_TRUST_PROXY: [^\n]*/,
      'LATCHKEY_TRUST_PROXY: "0"',
    );
    expect(check(direct)).toEqual([]);
  });
});
