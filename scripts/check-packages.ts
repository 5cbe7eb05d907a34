/**
 * `npm run check:packages` (part of `npm test`): builds and packs every public package, then checks each
 * tarball exactly as it would be published: its contents (a licence, a README, no tests), publint
 * (package.json fields, `exports` and the files they name, `files`; `--strict`: warnings fail too) and
 * are-the-types-wrong (every entry point has types that resolve to the same module as its JavaScript).
 *
 * are-the-types-wrong runs with `--profile esm-only`, which leaves out two resolution modes:
 * - `node16` from CommonJS: the packages are ESM only by design (no CommonJS build); from CommonJS they
 *   load with `import()`, or with `require()` on Node ≥ 22.12, which attw does not model.
 * - `node10` (TypeScript's old `moduleResolution: node`), which predates `exports` and so cannot see
 *   subpaths such as `@latchkey/core/wallets`; the main entries still resolve there (top-level `types`).
 * The wallet frame's `./frame.js` and `./export.js` are page scripts the server reads as files and
 * serves to browsers, not modules to import, so they have no types; `./build` exists only under the
 * repo's `@latchkey/source` condition (the server's in-memory build in a checkout). `./testing` of the
 * server and the frame exists only under that condition too: it is what the private test kit
 * (`@latchkey/test`) needs of their internals, never published. Those entry points are left out of
 * attw's check, which leaves the frame none today (its key library is `@latchkey/keys`, checked on its
 * own); a typed entry added to it later is checked without a change here.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildPackages, type PublicPackage, packPackages, publicPackages } from './packages.ts';
import { withPackagesLock } from './packages-lock.ts';

const run = promisify(execFile);
const bin = (name: string) => join(import.meta.dirname, '../node_modules/.bin', name);

const attwExtraArgs: Partial<Record<PublicPackage, string[]>> = {
  server: ['--exclude-entrypoints', './testing'],
  'wallet-frame': ['--exclude-entrypoints', './frame.js', './export.js', './build', './testing'],
};

/**
 * What neither linter looks at: the licence and README every tarball must carry, and no test file
 * (tests stay in the repo; `files` leaves them out). Null when the contents are right.
 */
function checkContents(files: string[]): string | null {
  const problems = ['LICENSE', 'README.md']
    .filter((file) => !files.includes(file))
    .map((f) => `${f} is missing`);
  for (const file of files.filter((f) => /\.test\.tsx?$|(^|\/)test\//.test(f)))
    problems.push(`${file} is a test`);
  return problems.length ? problems.join('\n') : null;
}

/** Runs one linter on a tarball: null when it passes, else its output. */
async function lint(command: string, args: string[]): Promise<string | null> {
  try {
    await run(process.execPath, [bin(command), ...args], { maxBuffer: 16 * 1024 * 1024 });
    return null;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`.trim() || String(error);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'lk-check-packages-'));
let failed = false;
try {
  // Under the packages lock, as the e2e files that pack them: no one packs a dist this build is emptying.
  const packed = await withPackagesLock(async () => {
    await buildPackages();
    return packPackages(dir);
  });
  for (const name of publicPackages) {
    const { tarball, files } = packed[name];
    const problems = await Promise.all([
      checkContents(files),
      lint('publint', [tarball, '--strict']),
      lint('attw', [
        tarball,
        '--profile',
        'esm-only',
        '--format',
        'table-flipped',
        ...(attwExtraArgs[name] ?? []),
      ]),
    ]);
    const [contents, publint, attw] = problems.map((problem) => (problem ? 'FAILED' : 'ok'));
    console.log(`@latchkey/${name}: contents ${contents}, publint ${publint}, are-the-types-wrong ${attw}`);
    for (const output of problems) if (output) console.error(output);
    failed ||= problems.some(Boolean);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed) process.exit(1);
