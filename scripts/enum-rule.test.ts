import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEnums, type EnumViolation, protocolLists } from './enum-rule.ts';

/** A protocol with three lists, and server files that use them well and badly. */
const files: Record<string, string> = {
  'packages/protocol/src/wallets.ts': [
    "export const chainTypes = ['ethereum', 'solana'] as const;",
    "export const loginModes = ['login-or-sign-up', 'no-signup'] as const satisfies readonly string[];",
    "export const verifiers = { ethereum: 'eth-verifier', solana: 'sol-verifier' } as const;",
    "const internal = ['a', 'b'] as const;",
    "export const single = ['only'] as const;",
  ].join('\n'),
  'packages/server/src/good.ts': [
    "import { chainTypes, loginModes, verifiers } from '@fx/protocol';",
    'const a = z.enum(chainTypes);',
    'const b = z.enum(loginModes).optional();',
    'const c = z.enum(verifiers);',
    "const d = z.enum(['red', 'green']);",
    "const e = z.enum(['ethereum']);",
    "const f = z.enum(['a', 'b']);",
    "const g = z.enum(['only', 'other']);",
    "const h = other.enum(['ethereum', 'solana']);",
  ].join('\n'),
  'packages/server/src/feature/bad.ts': [
    "const a = z.enum(['ethereum', 'solana']);",
    "const b = z.object({ mode: z.enum(['login-or-sign-up', 'no-signup']).optional() });",
    "const c = z.enum(['solana', 'ethereum', 'bitcoin']);",
    "const d = z.enum(['eth-verifier', 'sol-verifier'] as const);",
  ].join('\n'),
  // Tests spell wrong enums on purpose.
  'packages/server/src/feature/bad.test.ts': "const a = z.enum(['ethereum', 'solana']);\n",
  'packages/server/src/feature/types.test-d.ts': "const a = z.enum(['ethereum', 'solana']);\n",
};

let root: string;
let violations: EnumViolation[];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lk-enum-rule-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  violations = checkEnums(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the enum rule', () => {
  it("reads the protocol's exported lists of two or more strings, arrays and objects", () => {
    expect(protocolLists(root).map((l) => [l.name, l.values])).toEqual([
      ['chainTypes', ['ethereum', 'solana']],
      ['loginModes', ['login-or-sign-up', 'no-signup']],
      ['verifiers', ['eth-verifier', 'sol-verifier']],
    ]);
  });

  it('flags a z.enum literal that repeats a protocol list, equal, reordered or wider, naming the list', () => {
    expect(violations.map((v) => [v.file, v.line, v.list.name])).toEqual([
      ['packages/server/src/feature/bad.ts', 1, 'chainTypes'],
      ['packages/server/src/feature/bad.ts', 2, 'loginModes'],
      ['packages/server/src/feature/bad.ts', 3, 'chainTypes'],
      ['packages/server/src/feature/bad.ts', 4, 'verifiers'],
    ]);
  });

  it('lets the lists themselves, unrelated or one-value enums, other calls and test files be', () => {
    expect(violations.filter((v) => !v.file.endsWith('bad.ts'))).toEqual([]);
  });

  it('fails `check-enums.ts` (so `npm run lint`) with where and what to use', () => {
    let failure: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [join(import.meta.dirname, 'check-enums.ts'), root], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      failure = error as { status?: number; stderr?: string };
    }
    expect(failure.status).toBe(1);
    expect(failure.stderr).toContain(
      "packages/server/src/feature/bad.ts:1: z.enum(['ethereum', 'solana']) repeats chainTypes (packages/protocol/src/wallets.ts): use z.enum(chainTypes)",
    );
    expect(failure.stderr).toContain('4 enum(s) repeat a protocol list');
  });
});
