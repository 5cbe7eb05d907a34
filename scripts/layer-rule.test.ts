import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLayers, checkPackageLayers, findCycles } from './layer-rule.ts';

let root: string | null = null;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

/** A package source tree in a temp dir: `files` maps paths under src/ to their contents. */
function tree(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'layers-'));
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, 'pkg/src', path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return root;
}

const layers = [['index.ts'], ['hooks'], ['screens'], ['components'], ['types.ts']];

describe('the layering rule', () => {
  it('accepts imports down the layers, type-only and dynamic ones included', () => {
    const dir = tree({
      'index.ts': "export * from './hooks/useThing.ts';",
      'hooks/useThing.ts':
        "import type { T } from '../types.ts';\nconst load = () => import('../screens/Screen.tsx');",
      'screens/Screen.tsx': "import { Button } from '../components/Button.tsx';",
      'components/Button.tsx': "import type { T } from '../types.ts';",
      'types.ts': 'export type T = 1;',
    });
    expect(checkPackageLayers(dir, { src: 'pkg/src', layers })).toEqual([]);
  });

  it('refuses an import up a layer, naming the file and the folders', () => {
    const dir = tree({
      'hooks/useThing.ts': 'export const x = 1;',
      'components/Button.tsx': "import { x } from '../hooks/useThing.ts';",
    });
    expect(checkPackageLayers(dir, { src: 'pkg/src', layers })).toEqual([
      expect.objectContaining({
        file: 'pkg/src/components/Button.tsx',
        specifier: '../hooks/useThing.ts',
        reason: "imports upwards ('components' → 'hooks')",
      }),
    ]);
  });

  it('refuses a folder no layer lists', () => {
    const dir = tree({ 'extras/thing.ts': 'export const x = 1;' });
    expect(checkPackageLayers(dir, { src: 'pkg/src', layers })).toEqual([
      expect.objectContaining({ reason: "'extras' is in no layer of pkg/src" }),
    ]);
  });

  it("puts every folder holding a layer's file in that layer, unless another layer names it", () => {
    const featureLayers = [['app.ts'], [{ foldersWith: 'feature.ts' }], ['apps'], ['storage']];
    const dir = tree({
      'app.ts': "import { a } from './alpha/feature.ts';\nimport { b } from './beta/feature.ts';",
      'alpha/feature.ts': "import { s } from '../storage/db.ts';\nexport const a = s;",
      'beta/feature.ts': "import { f } from '../apps/feature.ts';\nexport const b = f;",
      // Named by a lower layer: stays there, though it holds a feature.ts.
      'apps/feature.ts': "import { s } from '../storage/db.ts';\nexport const f = s;",
      'storage/db.ts': 'export const s = 1;',
    });
    expect(checkPackageLayers(dir, { src: 'pkg/src', layers: featureLayers })).toEqual([]);
  });

  it("refuses a folder without the layer's file, and an import up from a found folder", () => {
    const featureLayers = [['app.ts'], [{ foldersWith: 'feature.ts' }], ['apps']];
    const dir = tree({
      'alpha/feature.ts': 'export const a = 1;',
      'alpha/helper.ts': 'export const h = 1;',
      'gamma/thing.ts': 'export const g = 1;',
      'apps/service.ts': "import { a } from '../alpha/feature.ts';",
    });
    expect(checkPackageLayers(dir, { src: 'pkg/src', layers: featureLayers })).toEqual([
      expect.objectContaining({ reason: "imports upwards ('apps' → 'alpha')" }),
      expect.objectContaining({ reason: "'gamma' is in no layer of pkg/src" }),
    ]);
  });

  it('finds folder cycles in a package without layers, ignoring comments, strings and tests', () => {
    const dir = tree({
      'a/one.ts':
        "import { two } from '../b/two.ts';\n// import '../c/three.ts'\nconst s = \"from '../c/three.ts'\";",
      'a/four.ts': 'export const four = 4;',
      'b/two.ts': "export { four } from '../a/four.ts';",
      'c/three.ts': 'export const three = 3;',
      'c/three.test.ts': "import '../a/one.ts';",
    });
    expect(checkPackageLayers(dir, { src: 'pkg/src' })).toEqual([
      { file: 'pkg/src', specifier: '', reason: 'folders import each other in a cycle: a ↔ b' },
    ]);
  });

  it('finds file cycles inside a folder, naming the files: a type imported back counts', () => {
    const dir = tree({
      'flow/coordinator.ts': "import { step } from './step.ts';\nexport interface Flow { n: number }",
      'flow/step.ts': "import type { Flow } from './coordinator.ts';\nexport const step = (f: Flow) => f.n;",
      'flow/leaf.ts': "import type { Flow } from './coordinator.ts';",
    });
    expect(checkPackageLayers(dir, { src: 'pkg/src', layers: [['flow']] })).toEqual([
      {
        file: 'pkg/src',
        specifier: '',
        reason: 'files import each other in a cycle: flow/coordinator.ts ↔ flow/step.ts',
      },
    ]);
  });

  it('follows dynamic imports, re-exports and specifiers without .ts to the file TypeScript loads', () => {
    const dir = tree({
      'a.ts': "const load = () => import('./b.js');",
      'b.ts': "export * from './c';",
      'c/index.ts': "import '../a.ts';",
      'd.ts': "import styles from './a.css';\nimport data from './a.json';",
    });
    expect(checkPackageLayers(dir, { src: 'pkg/src' })).toEqual([
      expect.objectContaining({ reason: 'folders import each other in a cycle: a.ts ↔ b.ts ↔ c' }),
      expect.objectContaining({ reason: 'files import each other in a cycle: a.ts ↔ b.ts ↔ c/index.ts' }),
    ]);
  });

  describe('allowed file cycles', () => {
    const files = {
      'modal/login.ts': "import { start } from './passkey.ts';",
      'modal/passkey.ts': "import type { Login } from './login.ts';",
    };
    const allowed = { files: ['modal/passkey.ts', 'modal/login.ts'], note: 'removed by issue 1' };

    it('excuses a listed cycle, in any order of its files', () => {
      const dir = tree(files);
      expect(checkPackageLayers(dir, { src: 'pkg/src', allowedFileCycles: [allowed] })).toEqual([]);
    });

    it('fails once the listed cycle is gone, so the list cannot go stale', () => {
      const dir = tree({ ...files, 'modal/passkey.ts': 'export const start = 1;' });
      expect(checkPackageLayers(dir, { src: 'pkg/src', allowedFileCycles: [allowed] })).toEqual([
        {
          file: 'pkg/src',
          specifier: '',
          reason:
            'the allowed file cycle modal/login.ts ↔ modal/passkey.ts ("removed by issue 1") is no longer a cycle: take it off allowedFileCycles',
        },
      ]);
    });

    it('does not excuse a larger cycle that swallowed the listed one', () => {
      const dir = tree({
        ...files,
        'modal/passkey.ts': "import type { Login } from './login.ts';\nimport './sms.ts';",
        'modal/sms.ts': "import './login.ts';",
      });
      expect(
        checkPackageLayers(dir, { src: 'pkg/src', allowedFileCycles: [allowed] }).map((v) => v.reason),
      ).toEqual([
        'files import each other in a cycle: modal/login.ts ↔ modal/passkey.ts ↔ modal/sms.ts',
        'the allowed file cycle modal/login.ts ↔ modal/passkey.ts ("removed by issue 1") is no longer a cycle: take it off allowedFileCycles',
      ]);
    });
  });

  it('reports each cycle once, as the folders that form it', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(findCycles(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('holds for this repository', () => {
    expect(checkLayers(join(import.meta.dirname, '..'))).toEqual([]);
  });
});
