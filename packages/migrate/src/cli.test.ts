import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { main } from './cli.ts';

const incumbent = `import { PrivyProvider } from '@privy-io/react-auth';
export const Root = () => <PrivyProvider appId="a" apiUrl="b">{null}</PrivyProvider>;
`;
const migrated = `import { LatchkeyProvider } from '@latchkey/react';
export const Root = () => <LatchkeyProvider appId="a" apiUrl="b">{null}</LatchkeyProvider>;
`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary app with `files` (path → text). */
function app(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lk-migrate-cli-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Every file under `dir` with its text and modification time. */
function snapshot(dir: string): Record<string, { text: string; mtime: number }> {
  const files: Record<string, { text: string; mtime: number }> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = { text: readFileSync(path, 'utf8'), mtime: statSync(path).mtimeMs };
  }
  return files;
}

function run(cwd: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(argv, { cwd, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('latchkey-migrate', () => {
  test('rewrites the files under a folder in place and prints a summary; a second run changes nothing', () => {
    const dir = app({ 'src/main.tsx': incumbent, 'src/util.ts': 'export const x = 1;\n' });
    const first = run(dir, 'src');
    expect(first.code).toBe(0);
    expect(readFileSync(join(dir, 'src/main.tsx'), 'utf8')).toBe(migrated);
    expect(readFileSync(join(dir, 'src/util.ts'), 'utf8')).toBe('export const x = 1;\n');
    expect(first.out).toContain('src/main.tsx: 4 edits');
    expect(first.out).toContain('1 file changed (4 edits), 0 warnings, 0 errors; 2 files scanned.');
    const before = snapshot(dir);
    const second = run(dir, 'src');
    expect(second.code).toBe(0);
    expect(second.out).toContain('0 files changed (0 edits)');
    expect(snapshot(dir)).toEqual(before);
  });

  test('--dry-run prints the changed lines and writes nothing', () => {
    const dir = app({ 'src/main.tsx': incumbent });
    const before = snapshot(dir);
    const { code, out } = run(dir, '--dry-run', 'src');
    expect(code).toBe(0);
    expect(out).toContain('src/main.tsx: 4 edits (not written)');
    expect(out).toContain("  1 - import { PrivyProvider } from '@privy-io/react-auth';");
    expect(out).toContain("  1 + import { LatchkeyProvider } from '@latchkey/react';");
    expect(out).toContain(
      '1 file would change (4 edits), 0 warnings, 0 errors; 1 file scanned; nothing written.',
    );
    expect(snapshot(dir)).toEqual(before);
  });

  test('--check exits 1 while a file would change, writing nothing, and 0 once migrated', () => {
    const dir = app({ 'src/main.tsx': incumbent });
    const before = snapshot(dir);
    expect(run(dir, '--check', 'src').code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
    expect(run(dir, 'src').code).toBe(0);
    expect(run(dir, '--check', 'src').code).toBe(0);
  });

  test('skips node_modules, dist and .git, and files that are not JavaScript or TypeScript', () => {
    const dir = app({
      'node_modules/lib/index.js': incumbent,
      'dist/main.js': incumbent,
      '.git/hooks/x.js': incumbent,
      'src/notes.md': incumbent,
      'src/main.jsx': incumbent,
    });
    const { code, out } = run(dir, '.');
    expect(code).toBe(0);
    expect(out).toContain('1 file changed (4 edits), 0 warnings, 0 errors; 1 file scanned.');
    for (const path of ['node_modules/lib/index.js', 'dist/main.js', '.git/hooks/x.js', 'src/notes.md'])
      expect(readFileSync(join(dir, path), 'utf8')).toBe(incumbent);
    expect(readFileSync(join(dir, 'src/main.jsx'), 'utf8')).toBe(migrated);
  });

  test('takes files by name, and reports a named file that is not source', () => {
    const dir = app({ 'a.tsx': incumbent, 'b.tsx': incumbent, 'c.json': '{}' });
    const { code, out } = run(dir, 'a.tsx', 'c.json');
    expect(code).toBe(0);
    expect(out).toContain('c.json: skipped: not a JavaScript or TypeScript file');
    expect(readFileSync(join(dir, 'a.tsx'), 'utf8')).toBe(migrated);
    expect(readFileSync(join(dir, 'b.tsx'), 'utf8')).toBe(incumbent);
  });

  test('reports warnings by file and line, and they alone do not fail --check', () => {
    const dir = app({ 'src/wallets.ts': "import { useWallets } from '@privy-io/react-auth/solana';\n" });
    const { code, out } = run(dir, '--check', 'src');
    expect(code).toBe(0);
    expect(out).toContain("src/wallets.ts:1: warning: '@privy-io/react-auth/solana' is left as it is");
    expect(out).toContain('1 warning');
  });

  test('a file that does not parse is reported and left as it is; the others are migrated; exit 2', () => {
    const broken = "import { PrivyProvider } from '@privy-io/react-auth';\nconst a = <PrivyProvider>;\n";
    const dir = app({ 'src/broken.tsx': broken, 'src/main.tsx': incumbent });
    const { code, out, err } = run(dir, 'src');
    expect(code).toBe(2);
    expect(err).toMatch(/src\/broken\.tsx:2:\d+: error: /);
    expect(err).toContain('src/broken.tsx: left as it is');
    expect(readFileSync(join(dir, 'src/broken.tsx'), 'utf8')).toBe(broken);
    expect(readFileSync(join(dir, 'src/main.tsx'), 'utf8')).toBe(migrated);
    expect(out).toMatch(/1 file changed \(4 edits\), 0 warnings, \d+ errors?; 2 files scanned\./);
  });

  test('a missing path, no path or an unknown option: exit 2 and nothing written', () => {
    const dir = app({ 'src/main.tsx': incumbent });
    const before = snapshot(dir);
    expect(run(dir, 'nope').err).toContain('nope: error: no such file or folder');
    expect(run(dir, 'nope').code).toBe(2);
    expect(run(dir).code).toBe(2);
    expect(run(dir, '--force', 'src')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown option --force'),
    });
    expect(snapshot(dir)).toEqual(before);
    expect(run(dir, '--help')).toMatchObject({
      code: 0,
      out: expect.stringContaining('Usage: latchkey-migrate'),
    });
  });
});
