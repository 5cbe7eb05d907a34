/**
 * The built SDK (@latchkey/react with @latchkey/core, @latchkey/protocol and the lazily loaded
 * libphonenumber-js chunk; React external) contains no reference to Node's `Buffer`, `process` or
 * `global`, so it needs no polyfill in any bundler and never throws ReferenceError in a browser.
 *
 * How a "reference" is found, without the false positives of a plain text search: esbuild bundles
 * the SDK with `define` mapping each of the three *free identifiers* to a unique marker. esbuild
 * applies `define` only to identifiers that are not bound in scope, so a marker in the output is
 * exactly a use of the global (`process.env.X`, `typeof process`, `Buffer.from`, `global.x`),
 * while property names (`o.process`, `{ Buffer: 1 }`), local bindings (`function f(process)`),
 * strings ('global'), comments (libphonenumber's "global-number-digits"), `globalThis` and
 * `ArrayBuffer` are untouched. Reaching the same objects through the global object
 * (`globalThis.process`, `window.Buffer`, `self['global']`) is caught by a second, narrow pattern.
 * The detector is first run on a fixture of positives and decoys, so the test can fail.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');
const names = ['Buffer', 'process', 'global'] as const;
const marker = (name: string) => `__LATCHKEY_NODE_GLOBAL_${name}__`;
const markerPattern = /__LATCHKEY_NODE_GLOBAL_(Buffer|process|global)__/g;
const viaGlobalObject =
  /\b(?:globalThis|window|self)\s*(?:\?\.|\.)\s*(Buffer|process|global)\b|\b(?:globalThis|window|self)\s*\[\s*(['"`])(Buffer|process|global)\2\s*\]/g;

interface Finding {
  file: string;
  name: string;
  excerpt: string;
}

/** Bundles the entry points (or stdin source) like an app would, and lists every Node-global use. */
async function findNodeGlobals(input: { entryPoints: string[] } | { source: string }): Promise<{
  findings: Finding[];
  /** Output JS files and their text. */
  files: { path: string; text: string }[];
}> {
  const result = await build({
    ...('source' in input
      ? { stdin: { contents: input.source, loader: 'ts', resolveDir: root } }
      : { entryPoints: input.entryPoints }),
    absWorkingDir: root,
    bundle: true,
    format: 'esm',
    splitting: 'entryPoints' in input,
    platform: 'browser',
    outdir: join(root, 'node_modules/.cache/lk-sdk-scan'),
    write: false,
    minify: false,
    logLevel: 'silent',
    jsx: 'automatic',
    conditions: ['@latchkey/source'],
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    define: Object.fromEntries(names.map((name) => [name, marker(name)])),
  });
  const findings: Finding[] = [];
  for (const file of result.outputFiles) {
    if (!file.path.endsWith('.js')) continue;
    const code = file.text;
    const excerpt = (index: number) => code.slice(Math.max(0, index - 60), index + 60).replace(/\s+/g, ' ');
    for (const match of code.matchAll(markerPattern)) {
      findings.push({ file: file.path, name: match[1]!, excerpt: excerpt(match.index) });
    }
    for (const match of code.matchAll(viaGlobalObject)) {
      findings.push({ file: file.path, name: match[1] ?? match[3]!, excerpt: excerpt(match.index) });
    }
  }
  return { findings, files: result.outputFiles.map((f) => ({ path: f.path, text: f.text })) };
}

function packageEntry(dir: string): string {
  const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
    exports: Record<string, string | Record<string, string>>;
  };
  const entry = pkg.exports['.'];
  // The sources, as the rest of the repo runs them (root README, Packaging).
  const path = typeof entry === 'string' ? entry : (entry?.['@latchkey/source'] ?? entry?.default);
  if (!path) throw new Error(`No "." export in ${dir}/package.json`);
  return join(root, dir, path);
}

describe('the detector', () => {
  const positives = {
    'process.env': 'export const a = () => process.env.NODE_ENV;',
    'typeof process': "export const a = () => typeof process !== 'undefined';",
    'Buffer.from': "export const a = () => Buffer.from('x').toString('base64');",
    'bare Buffer': 'export const a = (x: unknown) => x instanceof Buffer;',
    'global.x': 'export const a = () => global.setTimeout;',
    'globalThis.process': 'export const a = () => globalThis.process?.env;',
    "window['Buffer']": "export const a = () => (window as any)['Buffer'];",
    'self.global': 'export const a = () => (self as any).global;',
  };
  for (const [label, source] of Object.entries(positives)) {
    test(`finds ${label}`, async () => {
      const { findings } = await findNodeGlobals({ source });
      expect(findings.length).toBeGreaterThan(0);
    });
  }

  test('ignores strings, comments, property names, local bindings, globalThis and look-alikes', async () => {
    const source = `
      // a global-number-digits pattern; the matching process; a Buffer of digits
      /* process.env.NODE_ENV Buffer.from(x) global.y */
      const o = { process: 1, Buffer: 2, global: 3 };
      export const a = o.process + o.Buffer + o.global;
      export const b = ['process', "Buffer", \`global\`, 'typeof process'].join();
      export function c(process: number, Buffer: number) { const global = 1; return process + Buffer + global; }
      export const d = globalThis.fetch ?? globalThis.crypto;
      export const e = new ArrayBuffer(8).byteLength + (/a/g.global ? 1 : 0);
      export const f = { processing: 1, isBuffer: 2, globally: 3, myprocess: 4 };
      export const g = typeof globalThis.processing;
    `;
    const { findings } = await findNodeGlobals({ source });
    expect(findings).toEqual([]);
  });
});

describe('the built SDK', () => {
  test('contains no reference to Buffer, process or global', async () => {
    const entries = [packageEntry('packages/react'), packageEntry('packages/core')];
    const { findings, files } = await findNodeGlobals({ entryPoints: entries });
    // Sanity: the scan saw the whole SDK, the phone input's libphonenumber metadata included.
    expect(files.some((f) => f.text.includes('country_calling_codes'))).toBe(true);
    expect(
      files.some((f) => f.text.includes('You need to wrap your application with the <LatchkeyProvider>')),
    ).toBe(true);
    expect(findings).toEqual([]);
  }, 30_000);
});
