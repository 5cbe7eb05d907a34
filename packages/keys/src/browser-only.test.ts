import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// This test runs in Node and may use it; the library it checks runs in the wallet frame and may not.
const here = fileURLToPath(new URL('.', import.meta.url));
const sources = readdirSync(here).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('the keys library runs in a browser', () => {
  it('has sources to check', () => {
    expect(sources).toContain('index.ts');
    expect(sources.length).toBeGreaterThan(8);
  });

  it.each(sources)('%s uses no Node API', (name) => {
    const text = readFileSync(`${here}${name}`, 'utf8');
    expect(text).not.toMatch(/from\s+['"]node:|import\(\s*['"]node:|\brequire\(/);
    expect(text).not.toMatch(/\bBuffer\b|\bprocess\./);
  });

  it('bundles for the browser platform, dependencies included, without Node built-ins', async () => {
    // esbuild's browser platform fails on any Node built-in it cannot resolve, and picks each package's
    // browser build (shamir-secret-sharing's csprng uses crypto.getRandomValues there, node:crypto in Node).
    const result = await build({
      entryPoints: [`${here}index.ts`],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      // @latchkey/protocol from its sources, as the rest of the repo runs (root README, Packaging).
      conditions: ['@latchkey/source'],
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((path) => path.startsWith('node:') || /\.node\.js$/.test(path))).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/from\s*["']node:|\bBuffer\.from\b/);
  });
});
