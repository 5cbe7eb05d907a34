/**
 * The public packages, built once per e2e run. e2e/image.test.ts and e2e/installed-packages.test.ts
 * both pack them, and vitest runs them at once (a file per core): the first to take the packages lock
 * builds and leaves this run's id beside the dist dirs; the other finds it and packs the same build.
 * Every run has a new id (e2e/global-setup.ts), so a source changed since is never packed from an old
 * build.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildPackages } from '../scripts/packages.ts';
import { withPackagesLock } from '../scripts/packages-lock.ts';

const stamp = join(import.meta.dirname, '../node_modules/.cache/latchkey-packages.built');

function builtBy(): string | null {
  try {
    return readFileSync(stamp, 'utf8');
  } catch {
    return null;
  }
}

/** Runs `work` (which packs the dist dirs) holding the packages lock, once this run's build is there. */
export function withBuiltPackages<T>(work: () => Promise<T>): Promise<T> {
  const run = inject('e2eRun');
  return withPackagesLock(async () => {
    if (builtBy() !== run) {
      await buildPackages();
      writeFileSync(stamp, run);
    }
    return work();
  });
}
