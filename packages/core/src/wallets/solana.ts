import { LatchkeyClientError } from '../errors.ts';
import { toWalletError } from './ethereum.ts';
import type { StandardWallet, StandardWalletAccount } from './types.ts';

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardWalletAccount[] }>;
}
interface DisconnectFeature {
  disconnect(): Promise<void>;
}
interface SignMessageFeature {
  signMessage(
    ...inputs: { account: StandardWalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
}

interface SignTransactionFeature {
  signTransaction(
    ...inputs: { account: StandardWalletAccount; transaction: Uint8Array; chain?: string }[]
  ): Promise<readonly { signedTransaction: Uint8Array }[]>;
}

const solanaAccount = (accounts: readonly StandardWalletAccount[]) =>
  accounts.find((a) => a.chains.length === 0 || a.chains.some((c) => c.startsWith('solana:'))) ?? accounts[0];

/** `standard:connect`; the first Solana account. `silent` reconnects without a prompt (may fail). */
export async function connectSolanaWallet(
  wallet: StandardWallet,
  silent = false,
): Promise<StandardWalletAccount> {
  const feature = wallet.features['standard:connect'] as ConnectFeature | undefined;
  let accounts: readonly StandardWalletAccount[];
  try {
    if (!feature) throw new Error('Wallet cannot connect');
    accounts = (await feature.connect(silent ? { silent: true } : undefined)).accounts;
  } catch (error) {
    throw toWalletError(error);
  }
  const account = solanaAccount(accounts.length ? accounts : wallet.accounts);
  if (!account) throw new LatchkeyClientError('unknown_connect_wallet_error', 'No account');
  return account;
}

/** The account of a connected wallet by address. */
export function solanaAccountOf(wallet: StandardWallet, address: string): StandardWalletAccount | undefined {
  return wallet.accounts.find((a) => a.address === address);
}

/** `solana:signMessage`; returns the ed25519 signature bytes. */
export async function signSolanaMessage(
  wallet: StandardWallet,
  account: StandardWalletAccount,
  message: Uint8Array,
): Promise<Uint8Array> {
  const feature = wallet.features['solana:signMessage'] as SignMessageFeature | undefined;
  if (!feature) throw new LatchkeyClientError('unable_to_sign', 'Unable to sign message');
  let outputs: readonly { signature: Uint8Array }[];
  try {
    outputs = await feature.signMessage({ account, message });
  } catch (error) {
    throw toWalletError(error);
  }
  const signature = outputs[0]?.signature;
  if (!(signature instanceof Uint8Array))
    throw new LatchkeyClientError('unable_to_sign', 'Unable to sign message');
  return signature;
}

/**
 * `solana:signTransaction`: the wallet signs the wire `transaction` (its signature slot filled) for
 * `chain` ('solana:mainnet'…) and answers the signed wire bytes; the caller sends them, so the RPC
 * is the app's own, not the wallet's.
 *
 * @throws LatchkeyClientError `unable_to_sign` when the wallet lacks the feature or answers no bytes;
 *   the wallet's refusal as `toWalletError` maps it (4001: rejected by the user).
 */
export async function signSolanaTransaction(
  wallet: StandardWallet,
  account: StandardWalletAccount,
  transaction: Uint8Array,
  chain: string,
): Promise<Uint8Array> {
  const feature = wallet.features['solana:signTransaction'] as SignTransactionFeature | undefined;
  if (typeof feature?.signTransaction !== 'function')
    throw new LatchkeyClientError('unable_to_sign', `${wallet.name} cannot sign Solana transactions`);
  let outputs: readonly { signedTransaction: Uint8Array }[];
  try {
    outputs = await feature.signTransaction({ account, transaction, chain });
  } catch (error) {
    throw toWalletError(error);
  }
  const signed = outputs[0]?.signedTransaction;
  if (!(signed instanceof Uint8Array))
    throw new LatchkeyClientError('unable_to_sign', 'Unable to sign transaction');
  return signed;
}

export async function disconnectSolanaWallet(wallet: StandardWallet): Promise<void> {
  const feature = wallet.features['standard:disconnect'] as DisconnectFeature | undefined;
  await feature?.disconnect().catch(() => undefined);
}
