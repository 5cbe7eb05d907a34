import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

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

/** `packages/wallet-frame/dist`, found from this file so it works from any working directory. */
const defaultDistDir = join(import.meta.dirname, '../../../wallet-frame/dist');

function bundle(code: string): FrameBundle {
  return {
    code,
    version: createHash('sha256').update(code).digest('hex').slice(0, 16),
    integrity: `sha384-${createHash('sha384').update(code).digest('base64')}`,
  };
}

/**
 * Finds the wallet frame's scripts: `packages/wallet-frame/dist` when built (`npm run build -w
 * @latchkey/wallet-frame`; `npm start` and the e2e setup do it), re-read when a rebuild changes it.
 * Without a dist, a development checkout builds them in memory with esbuild on first use; where esbuild
 * is not installed either, the frame cannot be served.
 */
export class FrameBundleStore {
  readonly #distDir: string;
  readonly #build: Builder;
  #loaded: { stamp: string; bundles: Promise<FrameBundles> } | null = null;

  /** Tests name another dist dir and builder. */
  constructor(options: { distDir?: string; build?: Builder } = {}) {
    this.#distDir = options.distDir ?? defaultDistDir;
    this.#build = options.build ?? packageBuild;
  }

  async load(): Promise<FrameBundles> {
    const stamp = await distStamp(this.#distDir);
    if (!this.#loaded || this.#loaded.stamp !== stamp) {
      const bundles = stamp ? readDist(this.#distDir) : buildInMemory(this.#build);
      this.#loaded = { stamp, bundles };
      // A failed build is not remembered: the next request tries again.
      bundles.catch(() => {
        if (this.#loaded?.bundles === bundles) this.#loaded = null;
      });
    }
    return this.#loaded.bundles;
  }
}

/** The dist files' modification times, or '' when they are not both there. */
async function distStamp(distDir: string): Promise<string> {
  try {
    const times = await Promise.all(['frame', 'export'].map((name) => stat(join(distDir, `${name}.js`))));
    return times.map((time) => time.mtimeMs).join(':');
  } catch {
    return '';
  }
}

async function readDist(distDir: string): Promise<FrameBundles> {
  const [frame, exportCode] = await Promise.all(
    ['frame', 'export'].map((name) => readFile(join(distDir, `${name}.js`), 'utf8')),
  );
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
    builder = await import('../../../wallet-frame/build.ts');
  } catch {
    throw new BundlesUnavailableError(
      'The wallet frame is not built and esbuild is not available to build it: run `npm run build -w @latchkey/wallet-frame`.',
    );
  }
  return builder.bundleWalletFrame();
}
