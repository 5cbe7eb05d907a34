import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCentralFiles, methodNamesIn, namesMethod } from './central-files-rule.ts';

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
