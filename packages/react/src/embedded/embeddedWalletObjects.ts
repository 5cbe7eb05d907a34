import {
  embeddedController,
  type LatchkeyClient,
  LatchkeyClientError,
  LatchkeyError,
  type OpenModal,
} from '@latchkey/core';
import type { EmbeddedWalletAccount } from '@latchkey/core/embedded';
import { loadSigningSession, solanaWalletActions } from '@latchkey/core/signing/calls';
import { embeddedConnectorType, embeddedWalletClientType } from '@latchkey/protocol';
import type { ConnectedSolanaWallet, ConnectedWallet, EmbeddedWallet, LatchkeyConfig } from '../types.ts';
import type { RecoveryMethod, Wallet } from '../userTypes.ts';
import { fundAddress, personalSignMessage } from './walletActions.ts';

/** How embedded wallets present themselves in the wallet lists. */
export const embeddedWalletMeta = { name: 'Latchkey Wallet', icon: '', id: 'privy' } as const;

/** The linked-account view of an embedded wallet (`useCreateWallet`'s result). */
export function toEmbeddedWallet(account: EmbeddedWalletAccount): EmbeddedWallet {
  return {
    address: account.address,
    chainType: account.chainType,
    walletIndex: account.walletIndex,
    chainId: account.chainId,
    recoveryMethod: account.recoveryMethod,
    imported: account.imported,
    delegated: account.delegated,
    walletClientType: embeddedWalletClientType,
    connectorType: embeddedConnectorType,
  };
}

/**
 * The incumbent's `Wallet` view of an embedded wallet, what `useCreateWallet` and `useImportWallet`
 * resolve with (the fields of `EmbeddedWallet` stay on the object; a null `recoveryMethod` goes).
 */
export function toWallet(wallet: EmbeddedWallet): Wallet {
  const { recoveryMethod, ...rest } = wallet;
  return recoveryMethod ? { ...rest, recoveryMethod: recoveryMethod as RecoveryMethod } : rest;
}

const hexChainId = (chainId: number | `0x${string}`) =>
  typeof chainId === 'number' ? `0x${chainId.toString(16)}` : chainId;

/** What embedded wallets of both chains share: always linked, never logged in with or unlinked here. */
function common(client: LatchkeyClient, account: EmbeddedWalletAccount, chainLabel: string) {
  return {
    address: account.address,
    connectorType: embeddedConnectorType,
    walletClientType: embeddedWalletClientType,
    connectedAt: (account.createdAt ?? 0) * 1000,
    meta: embeddedWalletMeta,
    imported: account.imported,
    walletIndex: account.walletIndex,
    linked: true,
    loginOrLink: () =>
      Promise.reject(
        new LatchkeyClientError(
          'unsupported_wallet_type',
          `Cannot login or link with an embedded ${chainLabel}wallet`,
        ),
      ),
    unlink: () =>
      Promise.reject(
        new LatchkeyError(`Cannot unlink an embedded ${chainLabel}wallet`, 'cannot_unlink_embedded_wallet'),
      ),
    // The wallet lives in the user's account: connected while its user is logged in.
    isConnected: async () => client.getState().user !== null,
    // Nothing in this browser to forget.
    disconnect: () => undefined,
  };
}

/**
 * An embedded Ethereum wallet as `useWallets` lists it. `getEthereumProvider()` first makes sure
 * the wallet is on this device (recovering it, with the password prompt for 'user-passcode'), and
 * that its signatures show the confirmation screens when the app uses the provider directly
 * (viem, wagmi, `request`), as the signing hooks do.
 */
export function embeddedEthereumWallet(
  client: LatchkeyClient,
  openModal: OpenModal,
  account: EmbeddedWalletAccount,
  chainId: number,
  config: LatchkeyConfig = {},
): ConnectedWallet {
  const provider = async () => {
    const controller = embeddedController(client);
    const ethereum = await controller.ethereumProvider(account.address, openModal);
    // The signing code is a lazy chunk: loaded with the provider, not with the wallet list.
    const { installSigningConfirm } = await loadSigningSession();
    installSigningConfirm(await controller.load(), { client, config, openModal });
    return ethereum;
  };
  return {
    ...common(client, account, ''),
    type: 'ethereum',
    chainId: `eip155:${chainId}`,
    getEthereumProvider: provider,
    async switchChain(target) {
      await (await provider()).request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: hexChainId(target) }],
      });
    },
    // Through the embedded signer, with its confirmation screen unless the app turned it off.
    sign: async (message) =>
      String(
        await (await provider()).request({
          method: 'personal_sign',
          params: [personalSignMessage(message), account.address],
        }),
      ),
    fund: (options) => fundAddress({ client, config, openModal }, account.address, options),
  };
}

/**
 * An embedded Solana wallet as `useSolanaWallets` lists it: `signMessage`, `signTransaction` and
 * `signAndSendTransaction` bring the wallet onto this device and go through the confirmation
 * screens unless `showWalletUIs` is off (`solanaWalletActions` of `@latchkey/core/signing`, loaded on first call).
 */
export function embeddedSolanaWallet(
  client: LatchkeyClient,
  openModal: OpenModal,
  account: EmbeddedWalletAccount,
  config: LatchkeyConfig = {},
): ConnectedSolanaWallet {
  return {
    ...common(client, account, 'Solana '),
    ...solanaWalletActions({ client, config, openModal }, account.address),
    type: 'solana',
  };
}
