import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourcesFingerprint } from './packages-fingerprint.ts';

describe('sourcesFingerprint', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A checkout with one package and one shared input. */
  function checkout(): string {
    const root = mkdtempSync(join(tmpdir(), 'lk-fingerprint-'));
    roots.push(root);
    mkdirSync(join(root, 'packages/a/src'), { recursive: true });
    writeFileSync(join(root, 'packages/a/src/index.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'packages/a/package.json'), '{"name":"a"}\n');
    writeFileSync(join(root, 'package-lock.json'), '{}\n');
    return root;
  }

  it('is the same for the same sources, and ignores what a build writes and installed dependencies', () => {
    const root = checkout();
    const before = sourcesFingerprint(['a'], root);
    expect(sourcesFingerprint(['a'], checkout())).toBe(before);
    mkdirSync(join(root, 'packages/a/dist'));
    writeFileSync(join(root, 'packages/a/dist/index.js'), 'export const a = 1;\n');
    mkdirSync(join(root, 'packages/a/node_modules/x'), { recursive: true });
    writeFileSync(join(root, 'packages/a/node_modules/x/index.js'), '');
    expect(sourcesFingerprint(['a'], root)).toBe(before);
  });

  it.each([
    [
      'a source changes',
      (root: string) => writeFileSync(join(root, 'packages/a/src/index.ts'), 'export const a = 2;\n'),
    ],
    ['a source is added', (root: string) => writeFileSync(join(root, 'packages/a/src/b.ts'), '')],
    [
      'a source is renamed',
      (root: string) =>
        renameSync(join(root, 'packages/a/src/index.ts'), join(root, 'packages/a/src/main.ts')),
    ],
    ['a shared input changes', (root: string) => writeFileSync(join(root, 'package-lock.json'), '{"v":2}\n')],
    ['a shared input appears', (root: string) => writeFileSync(join(root, 'tsconfig.json'), '{}\n')],
  ])('changes when %s', (_, change) => {
    const root = checkout();
    const before = sourcesFingerprint(['a'], root);
    change(root);
    expect(sourcesFingerprint(['a'], root)).not.toBe(before);
  });
});
