/**
 * Builds and packs the public packages, the ones published to npm. `npm run build` runs this file: each
 * package's own `build` (tsc into its `dist`; the wallet frame bundles its two page scripts instead), in
 * dependency order. `npm run check:packages` and the installed-packages e2e test pack the result.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { builtFingerprint, forgetBuild, rememberBuild, sourcesFingerprint } from './packages-fingerprint.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..');

/**
 * The public packages (folders under packages/), each after the packages it imports: a package's build
 * reads the built types of those, as an installed app does.
 */
export const publicPackages = [
  'protocol',
  'keys',
  'core',
  'react',
  'wallet-frame',
  'server',
  'node',
  // The codemod from the incumbent's React SDK: imports none of the packages above.
  'migrate',
] as const;

export type PublicPackage = (typeof publicPackages)[number];

/** npm itself: the one running this script when there is one (`npm_execpath`), else `npm` on the PATH. */
export function npm(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string }> {
  const npmCli = process.env.npm_execpath;
  const [file, argv] = npmCli?.endsWith('.js') ? [process.execPath, [npmCli, ...args]] : ['npm', args];
  const { cwd = root, env = process.env } = options;
  return run(file, argv, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
}

const workspaceArgs = () => publicPackages.flatMap((name) => ['--workspace', `packages/${name}`]);

/**
 * Runs every public package's `build`, in the order above (npm keeps the order of `--workspace`), and
 * records what it was built from (packages-fingerprint.ts), so a later step of the same `npm test` can
 * pack this build rather than make another.
 */
export async function buildPackages(): Promise<void> {
  const fingerprint = sourcesFingerprint(publicPackages);
  forgetBuild();
  try {
    await npm(['run', 'build', ...workspaceArgs()]);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`Building the packages failed:\n${stdout}${stderr}`);
  }
  rememberBuild(fingerprint);
}

/** Whether the dist dirs hold a build of the sources as they are now. */
export function packagesBuiltFromCurrentSources(): boolean {
  return builtFingerprint() === sourcesFingerprint(publicPackages);
}

/** A packed package: its tarball, and the paths of the files in it (relative to the package). */
export interface PackedPackage {
  tarball: string;
  files: string[];
}

/** Packs the built packages into `destination`. */
export async function packPackages(destination: string): Promise<Record<PublicPackage, PackedPackage>> {
  // --ignore-scripts: they are built already; packing must not rebuild them behind the caller's back.
  const { stdout } = await npm([
    'pack',
    ...workspaceArgs(),
    '--pack-destination',
    destination,
    '--ignore-scripts',
    '--json',
  ]);
  const packed = JSON.parse(stdout) as { name: string; filename: string; files: { path: string }[] }[];
  const result: Partial<Record<PublicPackage, PackedPackage>> = {};
  for (const name of publicPackages) {
    const entry = packed.find((p) => p.name === `@latchkey/${name}`);
    if (!entry) throw new Error(`npm pack did not pack @latchkey/${name}`);
    result[name] = { tarball: join(destination, entry.filename), files: entry.files.map((f) => f.path) };
  }
  return result as Record<PublicPackage, PackedPackage>;
}

if (import.meta.main) await buildPackages();
