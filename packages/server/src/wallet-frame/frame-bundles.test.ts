import { mkdtempSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BundlesUnavailableError, FrameBundleStore, packageBundleFiles } from './frame-bundles.ts';

describe('FrameBundleStore', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lk-frame-dist-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const noBuild = async () => {
    throw new Error('must not build when dist is there');
  };

  it('serves the built dist, and a rebuild of it without a restart', async () => {
    const dist = tempDir();
    writeFileSync(join(dist, 'frame.js'), 'frame-1');
    writeFileSync(join(dist, 'export.js'), 'export-1');
    const store = new FrameBundleStore({ distDir: dist, build: noBuild });
    const first = await store.load();
    expect(first.frame.code).toBe('frame-1');
    expect(first.export.code).toBe('export-1');
    expect(first.frame.version).toMatch(/^[0-9a-f]{16}$/);
    expect(first.frame.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    writeFileSync(join(dist, 'frame.js'), 'frame-2');
    utimesSync(join(dist, 'frame.js'), new Date(), new Date(Date.now() + 5_000));
    const second = await store.load();
    expect(second.frame.code).toBe('frame-2');
    expect(second.frame.version).not.toBe(first.frame.version);
  });

  it('builds in memory when there is no dist, once', async () => {
    let builds = 0;
    const store = new FrameBundleStore({
      distDir: join(tempDir(), 'missing'),
      build: async () => {
        builds += 1;
        return { frame: 'built-frame', export: 'built-export' };
      },
    });
    expect((await store.load()).frame.code).toBe('built-frame');
    expect((await store.load()).export.code).toBe('built-export');
    expect(builds).toBe(1);
  });

  it('reports bundles it cannot have, and tries again on the next request', async () => {
    let attempts = 0;
    const store = new FrameBundleStore({
      distDir: join(tempDir(), 'missing'),
      build: async () => {
        attempts += 1;
        throw new BundlesUnavailableError('not built');
      },
    });
    await expect(store.load()).rejects.toBeInstanceOf(BundlesUnavailableError);
    await expect(store.load()).rejects.toBeInstanceOf(BundlesUnavailableError);
    expect(attempts).toBe(2);
  });

  it('finds the bundles through the @latchkey/wallet-frame package: its exported dist files', () => {
    // In this repo the workspace package (node_modules/@latchkey/wallet-frame links to packages/wallet-frame).
    const files = packageBundleFiles();
    const frameRoot = realpathSync(join(import.meta.dirname, '../../../wallet-frame'));
    expect(files).not.toBeNull();
    for (const name of ['frame', 'export'] as const) {
      expect(basename(files![name])).toBe(`${name}.js`);
      expect(realpathSync(dirname(dirname(files![name])))).toBe(frameRoot);
      expect(basename(dirname(files![name]))).toBe('dist');
    }
  });
});
