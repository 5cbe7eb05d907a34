import { LatchkeyClientError } from '../../errors.ts';
import type { WalletChainType, WalletConnection } from '../types.ts';
import { upsertConnection } from './connections.ts';
import { type WalletManagerContext, walletById } from './context.ts';
import { watchWallet } from './watchWallet.ts';

export interface ConnectWalletParameters {
  walletId: string;
  chainType: WalletChainType;
  /** Told when the wallet is first moved to a supported chain. */
  onSwitching?: (() => void) | undefined;
}

/**
 * Connects a discovered wallet on `chainType` with that chain's connector (a prompt in the wallet),
 * follows it, and makes the new connection the active one.
 */
export async function connectWallet(
  m: WalletManagerContext,
  { walletId, chainType, onSwitching }: ConnectWalletParameters,
): Promise<WalletConnection> {
  const wallet = walletById(m, walletId);
  if (!wallet) throw new LatchkeyClientError('unknown_connect_wallet_error', 'Unable to connect to wallet');
  const ofChain = m.connectors.filter((c) => c.chainType === chainType);
  const connector = ofChain.find((c) => c.handle(wallet) !== undefined);
  if (!connector)
    throw new LatchkeyClientError(
      'unsupported_wallet_type',
      ofChain[0]?.unsupportedMessage ?? `Unsupported chain type ${String(chainType)}`,
    );
  const account = await connector.connect(wallet, { onSwitching });
  watchWallet(m, connector, wallet);
  const connection: WalletConnection = {
    chainType,
    address: account.address,
    walletId,
    name: wallet.name,
    icon: wallet.icon,
    walletClientType: wallet.walletClientType,
    connectorType: connector.connectorType,
    chainId: account.chainId,
    connectedAt: m.now(),
  };
  upsertConnection(m, connection, true);
  return connection;
}
