import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type BundleName = 'frame' | 'export';

/** One page script: its code, a version for cache busting and its Subresource Integrity hash. */
export interface FrameBundle {
  code: string;
  /** Short content hash, used as `?v=` so the script can be cached forever. */
  version: string;
  /** `sha384-…` for the script tag's `integrity`. */
  integrity: string;
}

export type FrameBundles = Record<BundleName, FrameBundle>;

/** The bundles are missing and cannot be built here: answered with 503 and this message. */
export class BundlesUnavailableError extends Error {
  override readonly name = 'BundlesUnavailableError';
}

type Builder = () => Promise<Record<BundleName, string>>;

/** Where each bundle's file is. */
type BundleFiles = Record<BundleName, string>;

const bundleNames: readonly BundleName[] = ['frame', 'export'];

/**
 * The built bundles the `@latchkey/wallet-frame` package exports (`./frame.js`, `./export.js`, in its
 * `dist`), wherever that dependency is installed; in this repo, `packages/wallet-frame/dist`. Null when
 * the package cannot be found at all. Resolving does not need the files to exist yet.
 */
export function packageBundleFiles(): BundleFiles | null {
  try {
    const file = (name: BundleName) =>
      fileURLToPath(import.meta.resolve(`@latchkey/wallet-frame/${name}.js`));
    return { frame: file('frame'), export: file('export') };
  } catch {
    return null;
  }
}

/**
 * The package's build script, which bundles with esbuild. The package exports it under the repo's source
 * condition only (a checkout, where esbuild is a dev dependency); an installed package ships its bundles.
 * Named by a variable so that the build of this package's types does not look for it.
 */
const builderModule: string = '@latchkey/wallet-frame/build';

function bundle(code: string): FrameBundle {
  return {
    code,
    version: createHash('sha256').update(code).digest('hex').slice(0, 16),
    integrity: `sha384-${createHash('sha384').update(code).digest('base64')}`,
  };
}

/**
 * Finds the wallet frame's scripts through the `@latchkey/wallet-frame` package: its built `dist`
 * (`npm run build -w @latchkey/wallet-frame` in this repo, which `npm start` and the e2e setup run; an
 * installed package ships it), re-read when a rebuild changes it. Without them, a development checkout
 * builds them in memory with esbuild on first use; elsewhere the frame cannot be served.
 */
export class FrameBundleStore {
  readonly #files: BundleFiles | null;
  readonly #build: Builder;
  #loaded: { stamp: string; bundles: Promise<FrameBundles> } | null = null;

  /** Tests name another dist dir and builder. */
  constructor(options: { distDir?: string; build?: Builder } = {}) {
    const { distDir } = options;
    this.#files = distDir
      ? { frame: join(distDir, 'frame.js'), export: join(distDir, 'export.js') }
      : packageBundleFiles();
    this.#build = options.build ?? packageBuild;
  }

  async load(): Promise<FrameBundles> {
    const files = this.#files;
    const stamp = files ? await filesStamp(files) : '';
    if (!this.#loaded || this.#loaded.stamp !== stamp) {
      const bundles = files && stamp ? readFiles(files) : buildInMemory(this.#build);
      this.#loaded = { stamp, bundles };
      // A failed build is not remembered: the next request tries again.
      bundles.catch(() => {
        if (this.#loaded?.bundles === bundles) this.#loaded = null;
      });
    }
    return this.#loaded.bundles;
  }
}

/** The files' modification times, or '' when they are not both there. */
async function filesStamp(files: BundleFiles): Promise<string> {
  try {
    const times = await Promise.all(bundleNames.map((name) => stat(files[name])));
    return times.map((time) => time.mtimeMs).join(':');
  } catch {
    return '';
  }
}

async function readFiles(files: BundleFiles): Promise<FrameBundles> {
  const [frame, exportCode] = await Promise.all(bundleNames.map((name) => readFile(files[name], 'utf8')));
  return { frame: bundle(frame!), export: bundle(exportCode!) };
}

async function buildInMemory(build: Builder): Promise<FrameBundles> {
  const code = await build();
  return { frame: bundle(code.frame), export: bundle(code.export) };
}

/** The package's own build script (it imports esbuild), so both ways produce the same bundles. */
async function packageBuild(): Promise<Record<BundleName, string>> {
  let builder: { bundleWalletFrame: Builder };
  try {
    builder = (await import(builderModule)) as { bundleWalletFrame: Builder };
  } catch {
    throw new BundlesUnavailableError(
      'The wallet frame is not built and esbuild is not available to build it: run `npm run build -w @latchkey/wallet-frame`.',
    );
  }
  return builder.bundleWalletFrame();
}
