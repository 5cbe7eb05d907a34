import { LatchkeyClientError } from '../../errors.ts';
import { linkWithSiws, loginWithSiws, type SiwsParameters, unlinkSolanaWallet } from '../../flows/siws.ts';
import {
  connectSolanaWallet,
  disconnectSolanaWallet,
  signSolanaMessage,
  signSolanaTransaction,
  solanaAccountOf,
} from '../solana.ts';
import type { AvailableWallet } from '../types.ts';
import { discoverStandardWallets } from './standardWallets.ts';
import type { WalletConnector, WalletSignIn } from './types.ts';

const unsupportedMessage = 'Not a Solana wallet';

/** The Standard wallet and its account at `address`, or 'Unable to connect to wallet'. */
function accountAt(wallet: AvailableWallet | undefined, address: string) {
  const standard = wallet?.solana;
  const account = standard && solanaAccountOf(standard, address);
  if (!standard || !account)
    throw new LatchkeyClientError('unknown_connect_wallet_error', 'Unable to connect to wallet');
  return { standard, account };
}

/** `solana:signMessage` with the wallet's account at `address`. */
function signMessage(wallet: AvailableWallet | undefined, address: string, message: Uint8Array) {
  const { standard, account } = accountAt(wallet, address);
  return signSolanaMessage(standard, account, message);
}

/** `solana:signTransaction` with the wallet's account at `address`. */
function signTransaction(
  wallet: AvailableWallet | undefined,
  address: string,
  transaction: Uint8Array,
  chain: string,
) {
  const { standard, account } = accountAt(wallet, address);
  return signSolanaTransaction(standard, account, transaction, chain);
}

function siws(signIn: WalletSignIn): SiwsParameters {
  const { connection } = signIn;
  return {
    walletClientType: connection.walletClientType,
    connectorType: connection.connectorType,
    captchaToken: signIn.captchaToken,
    onStatus: signIn.onStatus,
    domain: signIn.domain,
    uri: signIn.uri,
    address: connection.address,
    // The wallet is looked up when the message is signed, after the server's nonce.
    signMessage: (message: Uint8Array) => signMessage(signIn.wallet(), connection.address, message),
  };
}

/**
 * Solana wallets through the Wallet Standard: `standard:connect` (silently to reconnect),
 * `standard:disconnect`, Sign-In with Solana over `solana:signMessage`, and transactions signed by
 * `solana:signTransaction` (Transfer from wallet). Solana has no numbered
 * chains, so its connections carry no chain id and it switches none.
 *
 * @example
 * const connector = walletStandardConnector();
 */
export function walletStandardConnector(): WalletConnector {
  return {
    chainType: 'solana',
    connectorType: 'solana_adapter',
    unsupportedMessage,
    discover: discoverStandardWallets,
    handle: (wallet) => wallet?.solana,
    async connect(wallet) {
      if (!wallet.solana) throw new LatchkeyClientError('unsupported_wallet_type', unsupportedMessage);
      const account = await connectSolanaWallet(wallet.solana);
      return { address: account.address, chainId: null };
    },
    async reconnect(wallet, stored) {
      if (!wallet.solana) return null;
      if (!solanaAccountOf(wallet.solana, stored.address)) {
        const account = await connectSolanaWallet(wallet.solana, true);
        if (account.address !== stored.address) return null;
      }
      return { address: stored.address, chainId: stored.chainId };
    },
    disconnect(wallet) {
      if (wallet.solana) void disconnectSolanaWallet(wallet.solana);
    },
    ownsAddress: (address) => !address.startsWith('0x'),
    login: (ctx, signIn, mode) => loginWithSiws(ctx, { ...siws(signIn), mode }),
    link: (ctx, signIn) => linkWithSiws(ctx, siws(signIn)),
    unlink: (ctx, address) => unlinkSolanaWallet(ctx, { address }),
    signMessage,
    signTransaction,
  };
}
