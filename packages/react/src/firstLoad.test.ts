import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadedWith } from '../test/static-imports.ts';

// The bench's minimal app (bench/bundle/entries/app.ts: <LatchkeyProvider> and useLatchkey().login())
// built as the budget says, and the sources its first load is made of. bundle.test.ts checks the
// whole SDK (every hook live); this checks what the smallest app pays for before any action.
const app = `
import { LatchkeyProvider, useLatchkey } from './index.ts';
import { createElement } from 'react';
export function LoginButton() { const { login } = useLatchkey(); return createElement('button', { onClick: () => login() }); }
export const provider = LatchkeyProvider;
`;
// An app migrated from the incumbent, which calls usePrivy().
const privyApp = `
import { LatchkeyProvider, usePrivy } from './index.ts';
import { createElement } from 'react';
export function LoginButton() { const { login } = usePrivy(); return createElement('button', { onClick: () => login() }); }
export const provider = LatchkeyProvider;
`;
let sources: Set<string>;
let privySources: Set<string>;

/** Every source with bytes in the entry chunk or a chunk it imports statically, transitively. */
function firstLoadSources(metafile: Metafile): Set<string> {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === '<stdin>');
  const found = new Set<string>();
  for (const path of loadedWith(metafile, entry)) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[path]!.inputs))
      if (bytesInOutput > 0) found.add(input);
  }
  return found;
}

async function firstLoadOf(contents: string): Promise<Set<string>> {
  const result = await build({
    stdin: { contents, resolveDir: new URL('.', import.meta.url).pathname, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    outdir: '/virtual-out',
    write: false,
    metafile: true,
    jsx: 'automatic',
    conditions: ['@latchkey/source'],
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return firstLoadSources(result.metafile);
}

beforeAll(async () => {
  [sources, privySources] = await Promise.all([firstLoadOf(app), firstLoadOf(privyApp)]);
});

const has = (suffix: string) => [...sources].some((source) => source.endsWith(suffix));

describe("the minimal app's first load", () => {
  it('has the provider and the client', () => {
    expect(has('react/src/LatchkeyProvider.tsx')).toBe(true);
    expect(has('core/src/createLatchkeyClient.ts')).toBe(true);
  });

  // esbuild splits by file: a module any lazy chunk uses lands in the first load when a statically
  // imported file names it, which core's barrel does for all of them (core/src/client.ts).
  it("leaves out what only the modal and the wallets use, which core's barrel would pull in", () => {
    expect(has('core/src/ui/embedded-controller.ts')).toBe(false);
    expect(has('core/src/ui/embedded-settings.ts')).toBe(false);
    expect(has('core/src/wallets/connectionState.ts')).toBe(false);
  });

  it('loads the account transfer (client.transferAccount) on first use', () => {
    expect(has('core/src/flows/transfer.ts')).toBe(false);
    expect(has('protocol/src/api/transfer.ts')).toBe(false);
  });
});

describe('usePrivy', () => {
  it("is not in the minimal app's first load", () => {
    expect(has('react/src/hooks/usePrivy.ts')).toBe(false);
    expect(has('react/src/hooks/privyActions.ts')).toBe(false);
  });

  it("loads its members' bodies (embedded wallet, signing, MFA) on first call, not with the page", () => {
    const hasPrivy = (suffix: string) => [...privySources].some((source) => source.endsWith(suffix));
    expect(hasPrivy('react/src/hooks/usePrivy.ts')).toBe(true);
    expect(hasPrivy('react/src/hooks/privyActions.ts')).toBe(false);
    expect(hasPrivy('react/src/embedded/createWallet.ts')).toBe(false);
    expect(hasPrivy('react/src/embedded/exportWallet.ts')).toBe(false);
    expect(hasPrivy('core/src/ui/embedded-controller.ts')).toBe(false);
  });
});
