/**
 * What the codemod changes: the incumbent's module names that have a Latchkey counterpart, the names
 * that differ in it, and, for the incumbent's entry points with no counterpart, what to do instead.
 */

/** The incumbent's React SDK. */
export const incumbentModule = '@privy-io/react-auth';

/** Module names rewritten as they are: every export the code can import from them exists in the new one. */
export const moduleRenames: ReadonlyMap<string, string> = new Map([[incumbentModule, '@latchkey/react']]);

/** Names exported under another name by the new module (the same component or type). */
export const nameRenames: ReadonlyMap<string, string> = new Map([
  ['PrivyProvider', 'LatchkeyProvider'],
  ['PrivyProviderProps', 'LatchkeyProviderProps'],
]);

const byHand = 'rewrite what it imports by hand or remove it (docs/migrating.md)';

/**
 * The incumbent's modules with no counterpart: left as they are, and reported with what to do. The
 * incumbent's `@privy-io/wagmi` (WagmiProvider, createConfig, useSetActiveWallet) has no namesake in
 * `@latchkey/react/wagmi`, which exports a wagmi connector instead.
 */
const unsupported: ReadonlyMap<string, string> = new Map([
  [
    `${incumbentModule}/solana`,
    `@latchkey/react has no /solana entry point: its Solana hooks (useSolanaWallets, useSolanaFundWallet) are exported from @latchkey/react itself; ${byHand}`,
  ],
  [`${incumbentModule}/smart-wallets`, `Latchkey has no smart wallets yet; ${byHand}`],
  [`${incumbentModule}/abstract-smart-wallets`, `Latchkey has no smart wallets yet; ${byHand}`],
  [
    `${incumbentModule}/farcaster`,
    `@latchkey/react has no /farcaster entry point: its Farcaster hooks are exported from @latchkey/react itself; ${byHand}`,
  ],
  [
    '@privy-io/wagmi',
    "Latchkey has no WagmiProvider: use wagmi's own WagmiProvider and createConfig with the embeddedWallet connector from @latchkey/react/wagmi",
  ],
]);

/**
 * What to do about a module the codemod leaves alone, or null when it is none of the incumbent's: a
 * subpath of the incumbent's React SDK or its wagmi package.
 */
export function unsupportedModuleAdvice(specifier: string): string | null {
  const known = unsupported.get(specifier);
  if (known) return known;
  if (specifier.startsWith(`${incumbentModule}/`))
    return `@latchkey/react has no ${specifier.slice(incumbentModule.length)} entry point; ${byHand}`;
  return null;
}
