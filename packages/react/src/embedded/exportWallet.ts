import {
  type EmbeddedWalletTarget,
  embeddedController,
  type LatchkeyClient,
  LatchkeyClientError,
  type OpenModal,
} from '@latchkey/core';
import type { EmbeddedWalletAccount } from '@latchkey/core/embedded';

/** Which wallet to export; without options, the user's first (Ethereum before Solana, lowest index). */
export interface ExportWalletOptions {
  /** The embedded wallet to export. */
  address: string;
}

/** The wallet the export screen shows: one of the user's HD embedded wallets. */
export type ExportWalletTarget = EmbeddedWalletTarget;

/** Ethereum addresses match in any case (EIP-55 is only a checksum); base58 is case-sensitive. */
const isAt = (wallet: EmbeddedWalletAccount, address: string) =>
  wallet.chainType === 'ethereum'
    ? wallet.address.toLowerCase() === address.toLowerCase()
    : wallet.address === address;

/**
 * The wallet to export: an HD (not imported) embedded wallet on Ethereum or Solana, the only kind
 * whose key the export frame can rebuild (spec document 2 §5).
 */
export function exportTarget(
  accounts: readonly EmbeddedWalletAccount[],
  address?: string,
): ExportWalletTarget {
  const hd = accounts.filter((wallet) => !wallet.imported);
  const wallet = address === undefined ? hd[0] : hd.find((w) => isAt(w, address));
  if (!wallet) {
    const message =
      address === undefined
        ? 'User must have an embedded wallet to export'
        : accounts.some((w) => isAt(w, address))
          ? 'Only HD embedded wallets can be exported'
          : `No embedded wallet found for address ${address}`;
    throw new LatchkeyClientError('embedded_wallet_not_found', message);
  }
  return { address: wallet.address, chainType: wallet.chainType };
}

/**
 * Checks the request, brings the wallet onto this device (a 'privy' wallet recovers by itself, a
 * password wallet asks for its password in the modal) so that the export frame finds its device
 * share, then opens the export screen.
 */
export async function openExportWallet(
  client: LatchkeyClient,
  openModal: OpenModal,
  options?: ExportWalletOptions,
): Promise<void> {
  const user = client.getState().user;
  if (!user)
    throw new LatchkeyClientError(
      'must_be_authenticated',
      'User must be authenticated before exporting their wallet',
    );
  // The embedded-wallet code loads here, on first use, never with the page.
  const controller = embeddedController(client);
  const target = exportTarget((await controller.load()).list(), options?.address);
  await controller.connected(openModal);
  openModal('export-wallet', { exportWallet: target });
}
