/**
 * Once per e2e run: makes sure Debian's Chromium is there (installing it when possible) and builds
 * the demo app with `vite build` into a temporary dir that each test file serves on its own origin,
 * with the modal's screen gallery (packages/react/gallery) under /gallery/.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from '@latchkey/test/browser';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { writeGallery } from '../packages/react/gallery/build.ts';
import { writeWalletFrame } from '../packages/wallet-frame/build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo app's built files (index.html + assets). */
    demoDist: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  ensureChromium();
  // The server serves the wallet frame's scripts from packages/wallet-frame/dist.
  await writeWalletFrame();
  const outDir = mkdtempSync(join(tmpdir(), 'lk-demo-dist-'));
  await build({
    root: join(import.meta.dirname, '../apps/demo'),
    configFile: join(import.meta.dirname, '../apps/demo/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  // The modal's screen gallery for the visual and accessibility checks, at /gallery/ on the demo's origin.
  await writeGallery(outDir);
  project.provide('demoDist', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
