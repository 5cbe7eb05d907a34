import { readFileSync } from 'node:fs';

/**
 * This package's version, from its package.json: two folders up from the sources (src/cli), three
 * from the build (dist/src/cli).
 */
export function packageVersion(): string {
  for (const path of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@latchkey/server' && pkg.version) return pkg.version;
    } catch {}
  }
  return 'unknown';
}
