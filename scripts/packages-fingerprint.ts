/**
 * What the public packages' build was made from, so a build is reused only while nothing it reads has
 * changed: `npm test` builds them in `check:packages`, and the e2e files that pack them
 * (e2e/built-packages.ts) pack that build instead of making a second one (about 40 s of CPU). The
 * fingerprint is a SHA-256 over the path and content of every file the builds read; `buildPackages`
 * writes it beside the dist dirs after a build that succeeded and removes it before the next starts.
 */
import { createHash } from 'node:crypto';
import { type Dirent, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const repoRoot = join(import.meta.dirname, '..');
const stamp = join(repoRoot, 'node_modules/.cache/latchkey-packages.built');

/** What a package build reads besides the packages' own folders. */
const sharedInputs = [
  'apps/dashboard', // the server's build bundles the dashboard
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'scripts/clean-dist.ts',
  'scripts/packages.ts',
];
/** Never inputs: what a build writes, and installed dependencies. */
const skipped = new Set(['dist', 'node_modules']);

function addTree(hash: ReturnType<typeof createHash>, root: string, path: string): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return; // an optional input this checkout does not have
    if (code !== 'ENOTDIR') throw error;
    hash
      .update(`${relative(root, path)}\0`)
      .update(readFileSync(path))
      .update('\0');
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (skipped.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) addTree(hash, root, child);
    else if (entry.isFile())
      hash
        .update(`${relative(root, child)}\0`)
        .update(readFileSync(child))
        .update('\0');
  }
}

/** The fingerprint of the sources of `packages` (folder names under packages/) and the shared inputs. */
export function sourcesFingerprint(packages: readonly string[], root = repoRoot): string {
  const hash = createHash('sha256');
  for (const name of packages) addTree(hash, root, join(root, 'packages', name));
  for (const input of sharedInputs) addTree(hash, root, join(root, input));
  return hash.digest('hex');
}

/** The fingerprint the dist dirs were last built from, or null (never built, or a build under way or failed). */
export function builtFingerprint(): string | null {
  try {
    return readFileSync(stamp, 'utf8');
  } catch {
    return null;
  }
}

/** Before a build: its dist dirs no longer match any fingerprint. */
export function forgetBuild(): void {
  rmSync(stamp, { force: true });
}

/** After a build that succeeded. */
export function rememberBuild(fingerprint: string): void {
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, fingerprint);
}
