/**
 * The file name rule: no two tracked files of the repo may be told apart by case alone, as they
 * are or as they build. macOS and Windows file systems ignore case, so a checkout (or an installed
 * package) keeps only one of `CodeInput.js` and `codeInput.js`, and a bundler resolving one may read
 * the other. TypeScript sources are compared by the name they build to: `CodeInput.tsx` and
 * `codeInput.ts` both become `…/CodeInput.js`-alike files in `dist/`.
 */
import { execFileSync } from 'node:child_process';

export interface FileNameClash {
  /** The shared name, lower-cased, as it builds. */
  name: string;
  /** The tracked files that share it. */
  files: string[];
}

/** The name a file has on a case-insensitive file system once built: `.ts`/`.tsx`/`.jsx` as `.js`. */
export function foldedName(path: string): string {
  return path
    .toLowerCase()
    .replace(/\.(?:tsx?|jsx)$/, '.js')
    .replace(/\.mts$/, '.mjs')
    .replace(/\.cts$/, '.cjs');
}

/** The groups of paths that share a folded name. */
export function fileNameClashes(paths: readonly string[]): FileNameClash[] {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const name = foldedName(path);
    byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return [...byName]
    .filter(([, files]) => files.length > 1)
    .map(([name, files]) => ({ name, files: files.sort() }));
}

/** The files git tracks under `root` (a checkout), relative to it. */
export function trackedFiles(root: string): string[] {
  return execFileSync('git', ['-C', root, 'ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter(Boolean);
}
