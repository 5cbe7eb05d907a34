import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  centralFlowFiles,
  checkCentralFiles,
  checkServerCentralTables,
  featureTables,
  featureTablesIn,
  methodNamesIn,
  namesMethod,
} from './central-files-rule.ts';

const root = join(import.meta.dirname, '..');

describe('central flow files name no login method', () => {
  it('holds for the repo', () => {
    expect(checkCentralFiles(join(import.meta.dirname, '..'))).toEqual([]);
  });

  it("finds a method's id, screen or intent in a planted branch, not in comments or identifiers", () => {
    const source = [
      '// a passkey comment, and an identifier: const passkey = 1;',
      "if (method === 'passkey') push({ name: 'passkey-status' });",
      "open('link-telegram');",
      "const recent = method === 'siwe' ? 'wallet' : method;",
      "const fine = ['landing', 'export-wallet', 'wallets', 'set-wallet-password'];",
    ].join('\n');
    expect(methodNamesIn('flow.ts', source).map((v) => [v.line, v.literal])).toEqual([
      [2, 'passkey'],
      [2, 'passkey-status'],
      [3, 'link-telegram'],
      [4, 'siwe'],
      [4, 'wallet'],
    ]);
  });

  it('reads a name as a method only when it is one', () => {
    expect(namesMethod('update-phone')).toBe(true);
    expect(namesMethod('oauth-status')).toBe(true);
    expect(namesMethod('telegram')).toBe(true);
    expect(namesMethod('wallets')).toBe(false);
    expect(namesMethod('mfa-enroll-sms')).toBe(false);
  });
});

describe("the server's central files name no login method and no feature's table", () => {
  it('covers the app, the feature contract and list, the schema, the sweep, the accounts and the process', () => {
    for (const file of ['app.ts', 'feature.ts', 'features.ts', 'server.ts', 'storage/schema.ts'])
      expect(centralFlowFiles).toContain(`packages/server/src/${file}`);
    expect(centralFlowFiles).toContain('packages/server/src/storage/retention.ts');
    expect(centralFlowFiles).toContain('packages/server/src/accounts/account-record.ts');
  });

  it('finds the tables features declare in their tables.ts', () => {
    const tables = featureTables(root);
    expect(tables.get('passkey_challenges')).toBe('packages/server/src/passkeys/tables.ts');
    expect(tables.get('oauth_requests')).toBe('packages/server/src/oauth/tables.ts');
    expect(tables.has('users')).toBe(false);
  });

  it('holds for the repo', () => {
    expect(checkServerCentralTables(root)).toEqual([]);
  });

  it("finds a feature's table planted in the schema or the sweep, as a name or a string", () => {
    const tables = new Map([['passkey_challenges', 'packages/server/src/passkeys/tables.ts']]);
    const source = [
      '// passkey_challenges in a comment',
      'interface Database { users: UsersTable; passkey_challenges: PasskeyChallengesTable }',
      "const entries = [{ table: 'passkey_challenges', expired }];",
    ].join('\n');
    expect(featureTablesIn('schema.ts', source, tables).map((v) => [v.line, v.table])).toEqual([
      [2, 'passkey_challenges'],
      [3, 'passkey_challenges'],
    ]);
  });

  it("finds a login method's account type planted in the account renderer", () => {
    const source = "switch (account.type) { case 'passkey': return wirePasskey(account); }";
    expect(methodNamesIn('account-record.ts', source).map((v) => v.literal)).toEqual(['passkey']);
  });
});
