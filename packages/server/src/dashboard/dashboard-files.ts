import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';

/** The dashboard is missing and cannot be built here: answered with 503 and this message. */
export class DashboardUnavailableError extends Error {
  override readonly name = 'DashboardUnavailableError';
}

/**
 * `@latchkey/server`'s own folder, found from this file in the sources (`src/dashboard/`) and in the
 * build (`dist/src/dashboard/`) alike.
 */
function serverPackageRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@latchkey/server')
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@latchkey/server: package.json not found');
    dir = parent;
  }
}

/**
 * Where the built dashboard lives: `dashboard/` in the server package. The package's build writes it
 * there (apps/dashboard/build.ts) and the published package ships it, as the wallet frame's scripts are.
 */
export const dashboardDir = (): string => join(serverPackageRoot(), 'dashboard');

/** The dashboard app's build script: in a checkout only (its `./build` export is source-only). */
const builderModule: string = '@latchkey/dashboard/build';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

export interface DashboardFile {
  body: Uint8Array;
  contentType: string;
}

/**
 * The built dashboard's files. When they are missing (a fresh checkout that has not run `npm run
 * build`), a development checkout builds them once with Vite on first use; an installed package
 * ships them.
 */
export class DashboardFiles {
  readonly #dir: string;
  #ready: Promise<void> | null = null;

  constructor(dir = dashboardDir()) {
    this.#dir = dir;
  }

  async #ensureBuilt(): Promise<void> {
    if (existsSync(join(this.#dir, 'index.html'))) return;
    this.#ready ??= (async () => {
      let builder: { buildDashboard(outDir: string): Promise<void> };
      try {
        builder = (await import(builderModule)) as typeof builder;
      } catch {
        throw new DashboardUnavailableError(
          'The dashboard is not built and cannot be built here: run `npm run build -w @latchkey/server`.',
        );
      }
      await builder.buildDashboard(this.#dir);
    })();
    // A failed build is not remembered: the next request tries again.
    this.#ready.catch(() => {
      this.#ready = null;
    });
    return this.#ready;
  }

  /** The file at `path` (relative to the dashboard, '' for its page), or null when there is none. */
  async read(path: string): Promise<DashboardFile | null> {
    await this.#ensureBuilt();
    const relative = path === '' ? 'index.html' : path;
    if (relative.includes('\0') || relative.length > 200) return null;
    const file = resolve(this.#dir, relative);
    // Nothing outside the dashboard's folder, whatever `..` or encoded separators the path holds.
    if (!file.startsWith(this.#dir + sep)) return null;
    try {
      if (!(await stat(file)).isFile()) return null;
      return {
        body: await readFile(file),
        contentType: contentTypes[extname(file)] ?? 'application/octet-stream',
      };
    } catch {
      return null;
    }
  }
}
