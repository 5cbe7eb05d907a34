import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkImports, type Violation } from './import-rule.ts';

/** A small workspace shaped like ours: two packages, an app, e2e, bench and scripts. */
const files: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'fixture', workspaces: ['packages/*', 'apps/*'] }),
  'packages/a/package.json': JSON.stringify({ name: '@fx/a' }),
  'packages/b/package.json': JSON.stringify({ name: '@fx/b' }),
  'apps/web/package.json': JSON.stringify({ name: '@fx/web' }),
  'packages/b/src/index.ts': 'export const b = 1;\n',
  'packages/b/src/internal.ts': 'export const internal = 1;\n',
  'packages/b/test/helper.ts': 'export const helper = 1;\n',
  'packages/b/build.ts': 'export const build = 1;\n',
  'apps/web/src/samples.ts': 'export const sample = 1;\n',
  'e2e/helpers/page.ts': 'export const page = 1;\n',
  'packages/a/test/own.ts': 'export const own = 1;\n',
  // Legitimate: own src and test, package entries, node built-ins, other packages' non-src files.
  'packages/a/src/ok.test.ts': [
    "import { own } from '../test/own.ts';",
    "import { b } from '@fx/b';",
    "import { testing } from '@fx/b/testing';",
    "import { readFileSync } from 'node:fs';",
    "import { x } from './x.ts';",
    "import { build } from '../../b/build.ts';",
    "// import { internal } from '../../b/src/internal.ts';",
    'const text = "import { internal } from \'../../b/src/internal.ts\'";',
    "const source = `import('../../b/test/helper.ts')`;",
  ].join('\n'),
  'e2e/login.test.ts':
    "import { page } from './helpers/page.ts';\nimport { sample } from '@fx/web/samples';\n",
  'bench/run.ts': "import { build } from '../packages/b/build.ts';\n",
  // Violations, one per line.
  'packages/a/src/bad.test.ts': [
    "import { internal } from '../../b/src/internal.ts';",
    "import type { helper } from '../../b/test/helper.ts';",
    "export { internal as again } from '../../b/src/internal.ts';",
    "const lazy = await import('../../b/test/helper.ts');",
    "type T = typeof import('../../b/src/index.ts');",
    "import { viaName } from '@fx/b/src/internal.ts';",
    "import { viaLink } from '../../../node_modules/@fx/b/test/helper.ts';",
  ].join('\n'),
  'packages/a/test/bad.cjs': "const { helper } = require('../../b/test/helper.ts');\n",
  'e2e/bad.test.ts': [
    "import { internal } from '../packages/b/src/internal.ts';",
    "import { sample } from '../apps/web/src/samples.ts';",
  ].join('\n'),
  'bench/bad.ts': "import { page } from '../e2e/helpers/page.ts';\n",
  // Never read: installed packages and build output.
  'node_modules/dep/index.ts': "import { internal } from '../../packages/b/src/internal.ts';\n",
  'packages/b/dist/index.js':
    "import { helper } from '../test/helper.ts';\nimport { a } from '../../a/src/x.ts';\n",
};

let root: string;
let violations: Violation[];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lk-import-rule-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // As npm links workspace packages.
  mkdirSync(join(root, 'node_modules/@fx'), { recursive: true });
  symlinkSync(join(root, 'packages/b'), join(root, 'node_modules/@fx/b'));
  violations = checkImports(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (file: string) =>
  violations
    .filter((v) => v.file === file)
    .map((v) => v.line)
    .sort((x, y) => x - y);

describe('the workspace import rule', () => {
  it('flags relative paths that climb out of a package into another package’s src/ or test/', () => {
    expect(at('packages/a/src/bad.test.ts')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(at('packages/a/test/bad.cjs')).toEqual([1]);
    expect(at('e2e/bad.test.ts')).toEqual([1, 2]);
  });

  it('flags workspace paths into another package’s src/ (by name, or through node_modules)', () => {
    const byName = violations.find((v) => v.specifier === '@fx/b/src/internal.ts');
    expect(byName?.reason).toMatch(/@fx\/b's src\/ by its workspace path/);
    const byLink = violations.find((v) => v.specifier.includes('node_modules'));
    expect(byLink?.reason).toMatch(/@fx\/b's test\//);
  });

  it('flags bench borrowing e2e’s files', () => {
    expect(at('bench/bad.ts')).toEqual([1]);
  });

  it('lets own src and test, package entries, comments, strings and non-source folders be', () => {
    expect(at('packages/a/src/ok.test.ts')).toEqual([]);
    expect(at('e2e/login.test.ts')).toEqual([]);
    expect(at('bench/run.ts')).toEqual([]);
    expect(violations.filter((v) => v.file.includes('node_modules') || v.file.includes('dist'))).toEqual([]);
    expect(violations).toHaveLength(11);
  });

  it('fails `check-imports.ts` (so `npm run lint`) with where and why', () => {
    const run = () =>
      execFileSync(process.execPath, [join(import.meta.dirname, 'check-imports.ts'), root], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    let failure: { status?: number; stderr?: string } = {};
    try {
      run();
    } catch (error) {
      failure = error as { status?: number; stderr?: string };
    }
    expect(failure.status).toBe(1);
    expect(failure.stderr).toContain("packages/a/src/bad.test.ts:1: '../../b/src/internal.ts' reaches into");
    expect(failure.stderr).toContain('11 import(s) break the workspace import rule');
  });
});
