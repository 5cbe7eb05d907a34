import { LatchkeyClientError } from '../../errors.ts';
import type { EIP1193Provider } from '../types.ts';
import { upsertConnection } from './connections.ts';
import { connectionOf, connectorOf, sameAddress, type WalletManagerContext, walletById } from './context.ts';

/*
 * The manager's calls that only some kinds of wallet can answer: each asks the connection's
 * connector for the capability (an EIP-1193 provider, chain switching, raw message signing), so a
 * new connector with the capability serves them unchanged.
 */

const notEip1193 = () => new LatchkeyClientError('unsupported_wallet_type', 'Not an Ethereum wallet');

/** The EIP-1193 provider of the connected wallet at `address`. */
export function getWalletProvider(m: WalletManagerContext, address: string): EIP1193Provider {
  const connection = connectionOf(m, address);
  const connector = connectorOf(m, connection);
  if (!connector?.getProvider) throw notEip1193();
  return connector.getProvider(walletById(m, connection.walletId));
}

/**
 * Whether the wallet at `address` is connected: a connection here whose wallet is in the page and
 * still grants the account when asked without a prompt (the connector's reconnect).
 */
export async function isWalletConnected(m: WalletManagerContext, address: string): Promise<boolean> {
  const connection = m.store.getState().connections.find((c) => sameAddress(c.address, address));
  const wallet = connection && walletById(m, connection.walletId);
  const connector = connection && connectorOf(m, connection);
  if (!connection || !wallet || !connector) return false;
  try {
    return (await connector.reconnect(wallet, connection)) !== null;
  } catch {
    return false;
  }
}

/** Switches the connected wallet at `address` to `chainId`; its connection follows the wallet's answer. */
export async function switchWalletChain(
  m: WalletManagerContext,
  address: string,
  chainId: number | string,
): Promise<void> {
  const connection = connectionOf(m, address);
  const connector = connectorOf(m, connection);
  if (!connector?.switchChain) throw notEip1193();
  const actual = await connector.switchChain(walletById(m, connection.walletId), chainId);
  upsertConnection(m, { ...connection, chainId: actual }, false);
}

/** Signs raw `message` bytes with the connected wallet at `address` (Solana's `signMessage`). */
export async function signWalletMessage(
  m: WalletManagerContext,
  address: string,
  message: Uint8Array,
): Promise<Uint8Array> {
  const connection = connectionOf(m, address);
  const connector = connectorOf(m, connection);
  if (!connector?.signMessage)
    throw new LatchkeyClientError('unknown_connect_wallet_error', 'Unable to connect to wallet');
  return connector.signMessage(walletById(m, connection.walletId), connection.address, message);
}

/**
 * Signs the wire `transaction` with the connected Solana wallet at `address` for `chain`
 * ('solana:mainnet'…): the signed wire bytes.
 *
 * @throws LatchkeyClientError `unable_to_sign` when the wallet cannot sign transactions.
 */
export async function signWalletTransaction(
  m: WalletManagerContext,
  address: string,
  transaction: Uint8Array,
  chain: string,
): Promise<Uint8Array> {
  const connection = connectionOf(m, address);
  const connector = connectorOf(m, connection);
  if (!connector?.signTransaction)
    throw new LatchkeyClientError('unable_to_sign', 'This wallet cannot sign Solana transactions');
  return connector.signTransaction(
    walletById(m, connection.walletId),
    connection.address,
    transaction,
    chain,
  );
}
