/**
 * Test Ethereum wallets for the browser e2e tests (`@latchkey/test/wallets`, also the demo's
 * built-in test wallet), their key and state in this process: every request of the page goes
 * through a binding here, so the test can read and steer the wallet.
 */
import {
  announceEip6963Wallets,
  createEthWallet,
  handleEthRequest,
  type TestEthWallet,
  type TestEthWalletOptions,
  unsupportedRequest,
} from '@latchkey/test/wallets';
import type { BrowserContext } from 'playwright-core';
import { addPageScript, uniqueBindingName } from './page-script.ts';

export type { EthRequest, TestEthWallet, TestEthWalletOptions } from '@latchkey/test/wallets';

/**
 * Injects `wallets` into every page of `context` (before the page's scripts run). Each is announced
 * by `eip6963:announceProvider` at load and again on every `eip6963:requestProvider`.
 */
export async function installEip6963Wallets(
  context: BrowserContext,
  options: TestEthWalletOptions[] = [{}],
): Promise<TestEthWallet[]> {
  const wallets = options.map((o, index) => createEthWallet(o, index));
  const binding = uniqueBindingName('EthWallet');
  await context.exposeBinding(binding, async (_source, index: number, method: string, params: unknown) => {
    const wallet = wallets[index];
    return wallet ? handleEthRequest(wallet, method, params) : unsupportedRequest;
  });
  await addPageScript(context, announceEip6963Wallets, {
    binding,
    wallets: wallets.map((w) => ({ uuid: w.uuid, name: w.name, icon: w.icon, rdns: w.rdns })),
  });
  return wallets;
}
