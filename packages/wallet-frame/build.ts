/**
 * Builds the wallet frame's two page scripts with esbuild: `src/frame/main.ts` → `dist/frame.js` (the
 * hidden wallet frame) and `src/export/main.ts` → `dist/export.js` (the key-export frame). The Latchkey
 * server serves them next to the pages it renders. `npm run build` here, or `node build.ts`.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { build } from 'esbuild';

export type BundleName = 'frame' | 'export';

/** Where `npm run build` writes the bundles, and where the server looks for them first. */
export const distDir = join(import.meta.dirname, 'dist');

/** Bundles both entries in memory (ESM, minified, browsers of es2022) and returns their code. */
export async function bundleWalletFrame(): Promise<Record<BundleName, string>> {
  const result = await build({
    entryPoints: {
      frame: join(import.meta.dirname, 'src/frame/main.ts'),
      export: join(import.meta.dirname, 'src/export/main.ts'),
    },
    outdir: distDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    // Sibling packages from their sources (see the root README, Packaging): no build of them first.
    conditions: ['@latchkey/source'],
    write: false,
    logLevel: 'warning',
  });
  const code: Partial<Record<BundleName, string>> = {};
  for (const file of result.outputFiles) {
    const name = basename(file.path, '.js');
    if (name === 'frame' || name === 'export') code[name] = file.text;
  }
  if (!code.frame || !code.export) throw new Error('esbuild did not produce frame.js and export.js');
  return code as Record<BundleName, string>;
}

/** Builds into `outDir`; each file is renamed into place so a running server never reads half of one. */
export async function writeWalletFrame(outDir = distDir): Promise<void> {
  const code = await bundleWalletFrame();
  await mkdir(outDir, { recursive: true });
  for (const [name, text] of Object.entries(code)) {
    const target = join(outDir, `${name}.js`);
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, target);
  }
}

if (import.meta.main) await writeWalletFrame();
