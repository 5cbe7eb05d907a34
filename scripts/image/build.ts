/**
 * The container image's contents, built without Docker: the Dockerfile's build stage runs this file
 * (`node scripts/image/build.ts /app`, after `npm ci` and `npm run build`), and so does
 * e2e/image.test.ts into a temporary dir, which then starts the server from the result. It packs the
 * public packages (`npm pack`, as `npm run check:packages` does) and installs the server's tarball
 * with the tarballs of the @latchkey packages it imports, and their production dependencies only,
 * into an empty dir outside the repo: what the runtime stage copies, and all it holds.
 *
 * Usage: node scripts/image/build.ts TARGET_DIR
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { npm, packPackages } from '../packages.ts';

/**
 * The Dockerfile's build stage, command by command (one RUN, joined with `&&`). The Dockerfile must
 * run exactly these (the image test compares them), so the steps the test performs are the image's.
 */
export const imageBuildSteps = ['npm ci', 'npm run build', 'node scripts/image/build.ts /app'] as const;

/** Where the runtime stage keeps the install (`COPY --from=build /app /app`). */
export const imageAppDir = '/app';

/** The packages in the image: the server and the @latchkey packages it imports (not core, react, node). */
export const imagePackages = ['server', 'protocol', 'keys', 'wallet-frame'] as const;

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * The environment for npm in the target: without what npm adds for the script running this one
 * (`npm_config_local_prefix` names the repo, `npm_package_*` its package.json), so npm sees only the
 * target's package.json. The user's registry and cache settings stay.
 */
function targetEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key) || key === 'npm_config_cache' || key === 'npm_config_userconfig')
      env[key] = value;
  return env;
}

async function npmIn(dir: string, args: string[]): Promise<void> {
  try {
    await npm(args, { cwd: dir, env: targetEnv() });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm ${args.join(' ')} in ${dir} failed:\n${stdout}${stderr}`);
  }
}

/**
 * Builds the image's /app into `target` (a new or empty dir outside the repo) from the built packages
 * (`npm run build` first). `pkcs11`: compile pkcs11js's native addon (default true; it needs a C++
 * toolchain and Python, which the build stage's image has).
 */
export async function buildImageContents(target: string, options: { pkcs11?: boolean } = {}): Promise<void> {
  const dir = resolve(target);
  const inRepo = relative(repoRoot, dir);
  // Inside the repo, npm would take the install for part of the workspace.
  if (!inRepo.startsWith('..') && !inRepo.startsWith('/'))
    throw new Error(
      `The image dir ${dir} is inside the repo; use a dir outside it (the Dockerfile uses /app)`,
    );
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`The image dir ${dir} is not empty`);
  mkdirSync(dir, { recursive: true });

  // The tarballs live outside the target: once installed they are not part of the image.
  const packDir = mkdtempSync(join(tmpdir(), 'lk-image-pack-'));
  try {
    const packed = await packPackages(packDir);
    const dependencies = Object.fromEntries(
      imagePackages.map((name) => [`@latchkey/${name}`, `file:${packed[name].tarball}`]),
    );
    const pkg = {
      name: 'latchkey-image',
      private: true,
      type: 'module',
      dependencies,
      // No @latchkey package may come from the registry, at any depth: only these tarballs.
      overrides: Object.fromEntries(Object.keys(dependencies).map((name) => [name, `$${name}`])),
    };
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    // Production dependencies only. No dependency's install script runs (none is needed, and a
    // compromised package's would run at build time)...
    await npmIn(dir, [
      'install',
      '--omit=dev',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ]);
    // ...except pkcs11js's, deliberately: the PKCS#11 key store (an HSM or KMS) needs its addon.
    // Against the running Node's own headers when it ships them (the official images and the `node`
    // package do), so that compiling needs no download.
    const nodeDir = resolve(dirname(process.execPath), '..');
    const headers = existsSync(join(nodeDir, 'include/node/node.h')) ? [`--nodedir=${nodeDir}`] : [];
    if (options.pkcs11 !== false && existsSync(join(dir, 'node_modules/pkcs11js')))
      await npmIn(dir, ['rebuild', 'pkcs11js', ...headers]);
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const target = process.argv[2];
  if (!target || process.argv.length > 3) {
    console.error('Usage: node scripts/image/build.ts TARGET_DIR (after npm ci and npm run build)');
    process.exit(2);
  }
  await buildImageContents(target);
  console.log(`Image contents in ${resolve(target)}`);
}
