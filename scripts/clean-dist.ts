/**
 * Empties the current package's `dist` before a build, so a tarball never carries files of a module
 * that no longer exists. Run from a package's `build` script: `node ../../scripts/clean-dist.ts`.
 */
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
