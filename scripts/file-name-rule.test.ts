import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileNameClashes, trackedFiles } from './file-name-rule.ts';

describe('the file name rule', () => {
  it('flags files that differ only by case, as they are or as they build', () => {
    expect(
      fileNameClashes([
        'src/components/CodeInput.tsx',
        'src/components/codeInput.ts',
        'docs/README.md',
        'docs/readme.md',
        'src/Wallet/index.ts',
        'src/wallet/index.ts',
        'src/one.ts',
        'src/one.tsx',
      ]),
    ).toEqual([
      {
        name: 'src/components/codeinput.js',
        files: ['src/components/CodeInput.tsx', 'src/components/codeInput.ts'],
      },
      { name: 'docs/readme.md', files: ['docs/README.md', 'docs/readme.md'] },
      { name: 'src/wallet/index.js', files: ['src/Wallet/index.ts', 'src/wallet/index.ts'] },
      { name: 'src/one.js', files: ['src/one.ts', 'src/one.tsx'] },
    ]);
  });

  it('lets names that differ by more than case be', () => {
    expect(
      fileNameClashes(['src/CodeInput.tsx', 'src/codeInputReducer.ts', 'src/a.ts', 'src/a.css', 'b/a.ts']),
    ).toEqual([]);
  });

  it('holds for this repository', () => {
    expect(fileNameClashes(trackedFiles(join(import.meta.dirname, '..')))).toEqual([]);
  });

  describe('check-file-names.ts (so `npm run lint`)', () => {
    let root: string;
    beforeAll(() => {
      // A checkout with a planted pair, as a case-sensitive file system lets git track it.
      root = mkdtempSync(join(tmpdir(), 'lk-file-names-'));
      for (const path of ['src/CodeInput.tsx', 'src/codeInput.ts', 'src/other.ts']) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), 'export {};\n');
      }
      execFileSync('git', ['init', '-q', root]);
      execFileSync('git', ['-C', root, 'add', '.']);
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('fails on the planted pair, naming both files', () => {
      let failure: { status?: number; stderr?: string } = {};
      try {
        execFileSync(process.execPath, [join(import.meta.dirname, 'check-file-names.ts'), root], {
          encoding: 'utf8',
          stdio: 'pipe',
        });
      } catch (error) {
        failure = error as { status?: number; stderr?: string };
      }
      expect(failure.status).toBe(1);
      expect(failure.stderr).toContain('src/CodeInput.tsx, src/codeInput.ts: one file (src/codeinput.js)');
      expect(failure.stderr).toContain('1 file name(s) differ only by case');
    });
  });
});
