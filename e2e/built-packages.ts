/**
 * The public packages, built once. e2e/image.test.ts, e2e/installed-packages.test.ts and
 * e2e/quick-start.test.ts pack them, and vitest runs two files at once (a file per core): each packs
 * holding the packages lock, and builds first only when the dist dirs are not a build of the current
 * sources (scripts/packages-fingerprint.ts). Under `npm test`, `check:packages` has just built them, so
 * no e2e file builds again; a source changed since is never packed from the old build.
 */
import { buildPackages, packagesBuiltFromCurrentSources } from '../scripts/packages.ts';
import { withPackagesLock } from '../scripts/packages-lock.ts';

/** Runs `work` (which packs the dist dirs) holding the packages lock, once a build of the current sources is there. */
export function withBuiltPackages<T>(work: () => Promise<T>): Promise<T> {
  return withPackagesLock(async () => {
    if (!packagesBuiltFromCurrentSources()) await buildPackages();
    return work();
  });
}
