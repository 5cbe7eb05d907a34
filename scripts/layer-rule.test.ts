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

  it('finds folder cycles in a package without layers, ignoring comments, strings and tests', () => {
    const dir = tree({
      'a/one.ts':
        "import { two } from '../b/two.ts';\n// import '../c/three.ts'\nconst s = \"from '../c/three.ts'\";",
      'b/two.ts': "export { one } from '../a/one.ts';",
      'c/three.ts': 'export const three = 3;',
      'c/three.test.ts': "import '../a/one.ts';",
    });
    expect(checkPackageLayers(dir, { src: 'pkg/src' })).toEqual([
      { file: 'pkg/src', specifier: '', reason: 'folders import each other in a cycle: a ↔ b' },
    ]);
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
