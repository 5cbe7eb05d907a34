/**
 * The incumbent-API app (e2e/incumbent-api-app) is written against the incumbent's API exactly: its
 * original form type-checks, under `strict`, against the declarations `@privy-io/react-auth` 3.45.0
 * publishes (installed outside the repo by react-auth-app.ts, as for incumbent-react-export.test.ts),
 * with React's types from the repo. A call with another shape is a compiler error, as the second test
 * shows, so a drift of the fixture from the incumbent's signatures fails here.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reactAuthAppDir } from './react-auth-app.ts';

const repoRoot = join(import.meta.dirname, '..');
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');

describe("the incumbent-API app against the incumbent's declarations", () => {
  const dir = mkdtempSync(join(tmpdir(), 'lk-incumbent-api-types-'));

  beforeAll(async () => {
    const reactAuth = await reactAuthAppDir();
    cpSync(join(repoRoot, 'e2e/incumbent-api-app/original'), join(dir, 'src'), { recursive: true });
    const types = join(repoRoot, 'node_modules/@types');
    const compilerOptions = {
      target: 'es2022',
      lib: ['es2022', 'dom', 'dom.iterable'],
      module: 'esnext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: [],
      // react-auth and its dependencies from its install; React's types from the repo's.
      paths: {
        react: [join(types, 'react/index.d.ts')],
        'react/jsx-runtime': [join(types, 'react/jsx-runtime.d.ts')],
        'react-dom/client': [join(types, 'react-dom/client.d.ts')],
        '*': [join(reactAuth, 'node_modules/*')],
      },
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  }, 600_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** tsc's errors on the folder, or '' when it type-checks. */
  async function typeErrors(): Promise<string> {
    try {
      await promisify(execFile)(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { cwd: dir });
      return '';
    } catch (error) {
      return String((error as { stdout?: string }).stdout || error);
    }
  }

  test('type-checks against @privy-io/react-auth 3.45.0', async () => {
    expect(await typeErrors()).toBe('');
  }, 60_000);

  test('a hook called with another shape does not', async () => {
    writeFileSync(
      join(dir, 'src/wrong.ts'),
      "import { useLoginWithSms } from '@privy-io/react-auth';\nuseLoginWithSms().sendCode({ phone: '+15555550100' });\n",
    );
    expect(await typeErrors()).toMatch(/wrong\.ts\(2,.*'phone' does not exist in type 'SendCodeToSms'/);
  }, 60_000);
});
