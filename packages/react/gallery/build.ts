/**
 * Builds the screen gallery (gallery/main.tsx, the modal's screens from this package's sources) with
 * esbuild into `<outDir>/gallery/`: index.html and gallery.js. The e2e global setup writes it into the
 * demo's build, so each test file serves it on the demo's origin (an allowed domain of its apps).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';

const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Latchkey screen gallery</title></head>
  <body><main id="root"></main><script type="module" src="./gallery.js"></script></body>
</html>
`;

export async function writeGallery(outDir: string): Promise<void> {
  const dir = join(outDir, 'gallery');
  await mkdir(dir, { recursive: true });
  await build({
    entryPoints: [join(import.meta.dirname, 'main.tsx')],
    outfile: join(dir, 'gallery.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    // Sibling packages from their sources (see the root README, Packaging), as the demo's build does.
    conditions: ['@latchkey/source'],
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    logLevel: 'warning',
  });
  await writeFile(join(dir, 'index.html'), html);
}
