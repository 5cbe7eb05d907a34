import {
  announceEip6963Wallets,
  createEthWallet,
  handleEthRequest,
  type TestEthWalletOptions,
} from './eip6963.ts';
import type { BindingAnswer, WalletBinding } from './protocol.ts';
import {
  createSolanaWallet,
  handleSolanaFeature,
  pageSolanaWallets,
  registerWalletStandardWallets,
  type TestSolanaWalletOptions,
} from './wallet-standard.ts';

export interface InPageTestWallets {
  /** EIP-55 address of the Ethereum wallet. */
  ethereumAddress: `0x${string}`;
  /** base58 address of the Solana wallet. */
  solanaAddress: string;
}

/**
 * The same test wallets as the e2e tests inject, with their signing side in this page instead of a
 * test process: an Ethereum wallet announced by EIP-6963 and a Solana wallet registered by the
 * Wallet Standard, which answer every request at once (no prompt). For a demo page; the key is in
 * the page, so only ever a published test key.
 */
export function installInPageTestWallets(options: {
  ethereum: TestEthWalletOptions;
  solana: TestSolanaWalletOptions;
}): InPageTestWallets {
  const ethereum = createEthWallet(options.ethereum, 0);
  const solana = createSolanaWallet(options.solana, 0);
  const page = window as unknown as Record<string, WalletBinding>;
  const ethBinding = '__lkInPageEthWallet';
  const solBinding = '__lkInPageSolWallet';
  page[ethBinding] = (_index, method, params): Promise<BindingAnswer> =>
    handleEthRequest(ethereum, method, params);
  page[solBinding] = (_index, feature, payload) => handleSolanaFeature(solana, feature, payload);
  announceEip6963Wallets({
    binding: ethBinding,
    wallets: [{ uuid: ethereum.uuid, name: ethereum.name, icon: ethereum.icon, rdns: ethereum.rdns }],
  });
  registerWalletStandardWallets(pageSolanaWallets(solBinding, [solana]));
  return { ethereumAddress: ethereum.address, solanaAddress: solana.address };
}
