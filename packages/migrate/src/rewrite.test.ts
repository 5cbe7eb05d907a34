import { describe, expect, test } from 'vitest';
import { applyEdits, migrateSource } from './rewrite.ts';

interface Case {
  name: string;
  file?: string;
  input: string;
  output: string;
  /** Substrings of the warnings, in order; none when omitted. */
  warnings?: string[];
}

const cases: Case[] = [
  {
    name: 'an import and the JSX tags, keeping quotes, spacing and comments',
    input: `import {PrivyProvider} from "@privy-io/react-auth"; // the provider
export const Root = () => (
  <PrivyProvider appId="a" /* app */ apiUrl="https://auth.example.com">
    <App />
  </PrivyProvider>
);
`,
    output: `import {LatchkeyProvider} from "@latchkey/react"; // the provider
export const Root = () => (
  <LatchkeyProvider appId="a" /* app */ apiUrl="https://auth.example.com">
    <App />
  </LatchkeyProvider>
);
`,
  },
  {
    name: 'an alias keeps its local name',
    input: `import { PrivyProvider as AuthProvider, usePrivy } from '@privy-io/react-auth';
const el = <AuthProvider appId="a">{null}</AuthProvider>;
`,
    output: `import { LatchkeyProvider as AuthProvider, usePrivy } from '@latchkey/react';
const el = <AuthProvider appId="a">{null}</AuthProvider>;
`,
  },
  {
    name: 'type-only imports and type references',
    input: `import type { PrivyProviderProps } from '@privy-io/react-auth';
import { type PrivyProviderProps as Props, PrivyProvider } from '@privy-io/react-auth';
type P = PrivyProviderProps & Props & React.ComponentProps<typeof PrivyProvider>;
type Q = import('@privy-io/react-auth').PrivyProviderProps;
`,
    output: `import type { LatchkeyProviderProps } from '@latchkey/react';
import { type LatchkeyProviderProps as Props, LatchkeyProvider } from '@latchkey/react';
type P = LatchkeyProviderProps & Props & React.ComponentProps<typeof LatchkeyProvider>;
type Q = import('@latchkey/react').LatchkeyProviderProps;
`,
  },
  {
    name: 're-exports keep the names other modules import',
    input: `export { PrivyProvider, usePrivy } from '@privy-io/react-auth';
export { PrivyProvider as Provider } from '@privy-io/react-auth';
export type { PrivyProviderProps } from '@privy-io/react-auth';
`,
    output: `export { LatchkeyProvider as PrivyProvider, usePrivy } from '@latchkey/react';
export { LatchkeyProvider as Provider } from '@latchkey/react';
export type { LatchkeyProviderProps as PrivyProviderProps } from '@latchkey/react';
`,
  },
  {
    name: 'a local export of the imported provider, a shorthand property and a default export',
    input: `import { PrivyProvider } from '@privy-io/react-auth';
export { PrivyProvider };
export { PrivyProvider as Provider2 };
export const providers = { PrivyProvider };
export default PrivyProvider;
`,
    output: `import { LatchkeyProvider } from '@latchkey/react';
export { LatchkeyProvider as PrivyProvider };
export { LatchkeyProvider as Provider2 };
export const providers = { PrivyProvider: LatchkeyProvider };
export default LatchkeyProvider;
`,
  },
  {
    name: 'export * warns that the names it re-exports changed',
    input: `export * from '@privy-io/react-auth';
export * as Privy from '@privy-io/react-auth';
`,
    output: `export * from '@latchkey/react';
export * as Privy from '@latchkey/react';
`,
    warnings: ['1: re-exports everything from @latchkey/react', '2: re-exports @latchkey/react as Privy'],
  },
  {
    name: 'a namespace import: members and JSX member tags',
    input: `import * as Privy from '@privy-io/react-auth';
const el = <Privy.PrivyProvider appId="a"><Privy.Other /></Privy.PrivyProvider>;
type P = Privy.PrivyProviderProps;
`,
    output: `import * as Privy from '@latchkey/react';
const el = <Privy.LatchkeyProvider appId="a"><Privy.Other /></Privy.LatchkeyProvider>;
type P = Privy.LatchkeyProviderProps;
`,
  },
  {
    name: 'dynamic import: bound, destructured, or a member of it',
    input: `const mod = await import('@privy-io/react-auth');
const { PrivyProvider, usePrivy } = await import('@privy-io/react-auth');
const Lazy = (await import('@privy-io/react-auth')).PrivyProvider;
use(mod.PrivyProvider, PrivyProvider);
`,
    output: `const mod = await import('@latchkey/react');
const { LatchkeyProvider, usePrivy } = await import('@latchkey/react');
const Lazy = (await import('@latchkey/react')).LatchkeyProvider;
use(mod.LatchkeyProvider, LatchkeyProvider);
`,
  },
  {
    name: 'a provider read where it cannot be told apart is reported, not renamed',
    input: 'const P = import(`@privy-io/react-auth`).then((m) => m.PrivyProvider);\n',
    output: 'const P = import(`@latchkey/react`).then((m) => m.PrivyProvider);\n',
    warnings: ['1: PrivyProvider is left as it is'],
  },
  {
    name: 'require, in CommonJS JavaScript with JSX',
    file: 'app.js',
    input: `const { PrivyProvider: Provider } = require('@privy-io/react-auth');
const privy = require('@privy-io/react-auth');
const { PrivyProvider } = require('@privy-io/react-auth');
module.exports = () => <PrivyProvider appId="a"><privy.PrivyProvider /></PrivyProvider>;
`,
    output: `const { LatchkeyProvider: Provider } = require('@latchkey/react');
const privy = require('@latchkey/react');
const { LatchkeyProvider } = require('@latchkey/react');
module.exports = () => <LatchkeyProvider appId="a"><privy.LatchkeyProvider /></LatchkeyProvider>;
`,
  },
  {
    name: 'import = require in TypeScript',
    file: 'app.cts',
    input: `import Auth = require('@privy-io/react-auth');
export const P: typeof Auth.PrivyProvider = Auth.PrivyProvider;
`,
    output: `import Auth = require('@latchkey/react');
export const P: typeof Auth.LatchkeyProvider = Auth.LatchkeyProvider;
`,
  },
  {
    name: "jest's and vitest's mocks of the module, and a module augmentation",
    file: 'app.test.ts',
    input: `jest.mock('@privy-io/react-auth', () => ({ usePrivy: () => ({ ready: true }) }));
const actual = await vi.importActual<typeof import('@privy-io/react-auth')>('@privy-io/react-auth');
vi.doUnmock("@privy-io/react-auth");
other.mock('@privy-io/react-auth');
declare module '@privy-io/react-auth' {
  interface Extra {}
}
`,
    output: `jest.mock('@latchkey/react', () => ({ usePrivy: () => ({ ready: true }) }));
const actual = await vi.importActual<typeof import('@latchkey/react')>('@latchkey/react');
vi.doUnmock("@latchkey/react");
other.mock('@privy-io/react-auth');
declare module '@latchkey/react' {
  interface Extra {}
}
`,
  },
  {
    name: 'subpaths and @privy-io/wagmi are left as they are and reported by line',
    input: `import { usePrivy } from '@privy-io/react-auth';
import { useSolanaWallets } from '@privy-io/react-auth/solana';
import { SmartWalletsProvider } from '@privy-io/react-auth/smart-wallets';
import { useExtendedChains } from '@privy-io/react-auth/extended-chains';
import { WagmiProvider } from '@privy-io/wagmi';
`,
    output: `import { usePrivy } from '@latchkey/react';
import { useSolanaWallets } from '@privy-io/react-auth/solana';
import { SmartWalletsProvider } from '@privy-io/react-auth/smart-wallets';
import { useExtendedChains } from '@privy-io/react-auth/extended-chains';
import { WagmiProvider } from '@privy-io/wagmi';
`,
    warnings: [
      "2: '@privy-io/react-auth/solana' is left as it is: @latchkey/react has no /solana entry point",
      "3: '@privy-io/react-auth/smart-wallets' is left as it is: Latchkey has no smart wallets yet",
      "4: '@privy-io/react-auth/extended-chains' is left as it is: @latchkey/react has no /extended-chains",
      "5: '@privy-io/wagmi' is left as it is: Latchkey has no WagmiProvider",
    ],
  },
  {
    name: 'a file without the incumbent is untouched, whatever it names PrivyProvider',
    input: `import { PrivyProvider } from './my-own-provider';
export const el = <PrivyProvider />;
`,
    output: `import { PrivyProvider } from './my-own-provider';
export const el = <PrivyProvider />;
`,
  },
  {
    name: 'strings, comments and a local variable named PrivyProvider are untouched',
    input: `import { PrivyProvider } from '@privy-io/react-auth';
// PrivyProvider wraps the app; see 'PrivyProvider' in the docs.
const label = 'PrivyProvider';
const text = \`<PrivyProvider> \${label}\`;
function other() {
  const PrivyProvider = () => null;
  return <PrivyProvider />;
}
const obj = { PrivyProvider: 1, other: { PrivyProvider } };
`,
    output: `import { LatchkeyProvider } from '@latchkey/react';
// PrivyProvider wraps the app; see 'PrivyProvider' in the docs.
const label = 'PrivyProvider';
const text = \`<PrivyProvider> \${label}\`;
function other() {
  const PrivyProvider = () => null;
  return <PrivyProvider />;
}
const obj = { PrivyProvider: 1, other: { PrivyProvider: LatchkeyProvider } };
`,
  },
  {
    name: 'a new name the file already uses is not introduced: the import is aliased',
    input: `import { PrivyProvider } from '@privy-io/react-auth';
import { LatchkeyProvider } from './legacy';
export const el = <PrivyProvider appId="a"><LatchkeyProvider /></PrivyProvider>;
`,
    output: `import { LatchkeyProvider as PrivyProvider } from '@latchkey/react';
import { LatchkeyProvider } from './legacy';
export const el = <PrivyProvider appId="a"><LatchkeyProvider /></PrivyProvider>;
`,
  },
  {
    name: 'a BOM and CRLF line endings stay',
    input: "\uFEFFimport { PrivyProvider } from '@privy-io/react-auth';\r\nexport default PrivyProvider;\r\n",
    output:
      "\uFEFFimport { LatchkeyProvider } from '@latchkey/react';\r\nexport default LatchkeyProvider;\r\n",
  },
  {
    name: 'other packages whose names start alike are untouched',
    input: `import { x } from '@privy-io/react-auth-extra';
import { y } from '@privy-io/js-sdk-core';
`,
    output: `import { x } from '@privy-io/react-auth-extra';
import { y } from '@privy-io/js-sdk-core';
`,
  },
];

describe('migrateSource', () => {
  test.each(cases)('$name', ({ file = 'app.tsx', input, output, warnings = [] }) => {
    const result = migrateSource(input, file);
    expect(result.errors).toEqual([]);
    expect(result.output).toBe(output);
    expect(result.edits.length > 0).toBe(input !== output);
    const found = result.warnings.map((w) => `${w.line}: ${w.message}`);
    expect(found).toHaveLength(warnings.length);
    for (const [i, warning] of found.entries()) expect(warning).toContain(warnings[i]);
  });

  test.each(cases)('is idempotent: $name', ({ file = 'app.tsx', input }) => {
    const once = migrateSource(input, file).output;
    const twice = migrateSource(once, file);
    expect(twice.output).toBe(once);
    expect(twice.edits).toEqual([]);
  });

  test.each([
    [
      'an unclosed JSX tag',
      'app.tsx',
      "import { PrivyProvider } from '@privy-io/react-auth';\nconst a = <PrivyProvider>;\n",
    ],
    [
      'a type annotation in a .js file',
      'app.js',
      "import { PrivyProvider } from '@privy-io/react-auth';\nconst a: number = 1;\n",
    ],
    ['an unterminated string', 'app.ts', "import { PrivyProvider } from '@privy-io/react-auth;\n"],
    ['binary noise', 'app.ts', `import '@privy-io/react-auth';\n\u0000\u0001\u00ff}{)(<<>>`],
  ])('a file that does not parse (%s) is reported with its line and left as it is', (_, file, input) => {
    const result = migrateSource(input, file);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0]!.line).toBeGreaterThanOrEqual(1);
    expect(result.output).toBe(input);
    expect(result.edits).toEqual([]);
  });
});

describe('applyEdits', () => {
  test('applies edits in order of position and refuses overlapping ones', () => {
    expect(
      applyEdits('abcdef', [
        { start: 4, end: 5, text: 'E' },
        { start: 0, end: 1, text: 'A' },
      ]),
    ).toBe('AbcdEf');
    expect(() =>
      applyEdits('abcdef', [
        { start: 0, end: 3, text: 'x' },
        { start: 2, end: 4, text: 'y' },
      ]),
    ).toThrow(/Overlapping/);
  });
});
