/**
 * Test Solana wallets for the browser e2e tests (`@latchkey/test/wallets`, also the demo's built-in
 * test wallet), their ed25519 key in this process: connect and signMessage go through a binding here.
 */
import {
  createSolanaWallet,
  handleSolanaFeature,
  pageSolanaWallets,
  registerWalletStandardWallets,
  type TestSolanaWallet,
  type TestSolanaWalletOptions,
} from '@latchkey/test/wallets';
import type { BrowserContext } from 'playwright-core';
import { addPageScript, uniqueBindingName } from './page-script.ts';

export { solanaMainnet, type TestSolanaWallet, type TestSolanaWalletOptions } from '@latchkey/test/wallets';

/** Registers `wallets` in every page of `context` before the page's scripts run. */
export async function installWalletStandardWallets(
  context: BrowserContext,
  options: TestSolanaWalletOptions[] = [{}],
): Promise<TestSolanaWallet[]> {
  const wallets = options.map((o, index) => createSolanaWallet(o, index));
  const binding = uniqueBindingName('SolWallet');
  await context.exposeBinding(binding, (_source, index: number, feature: string, payload: unknown) =>
    handleSolanaFeature(wallets[index], feature, payload),
  );
  await addPageScript(context, registerWalletStandardWallets, pageSolanaWallets(binding, wallets));
  return wallets;
}
