import type { WalletManager } from '@latchkey/core';
import { useCallback, useMemo } from 'react';
import { type LatchkeyContextValue, useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedSolanaWallet, ConnectedWallet } from '../types.ts';
import { connectedWallets } from '../wallets/connectedWallets.ts';
import { useWalletManager } from '../wallets/useWalletManager.ts';
import { useConnectedWallets } from './useConnectedWallets.ts';
import { useLatestRef } from './useLatestCallback.ts';

type AnyWallet = ConnectedWallet | ConnectedSolanaWallet;

/** The key the wallet manager keeps the active wallet under: `walletClientType:address`. */
const keyOf = (wallet: Pick<AnyWallet, 'walletClientType' | 'address'>) =>
  `${wallet.walletClientType}:${wallet.address}`.toLowerCase();

/** The wallet's network: its CAIP-2 chain for Ethereum ('eip155:8453'), 'solana' for Solana. */
export const networkOf = (wallet: AnyWallet | undefined) =>
  wallet ? (wallet.type === 'ethereum' ? wallet.chainId : 'solana') : undefined;

/** The modal closed: resolves on the provider's next `modalStatus` false. */
const modalClosed = (events: LatchkeyContextValue['events']) =>
  new Promise<void>((resolve) => {
    const off = events.on('modalStatus', (open) => {
      if (open) return;
      off();
      resolve();
    });
  });

/** The active wallet among `wallets`, or the connection the manager made active (built now). */
function activeWallet(
  env: LatchkeyContextValue,
  manager: WalletManager,
  wallets: readonly AnyWallet[],
): AnyWallet | undefined {
  const { active, connections } = manager.getState();
  if (!active) return undefined;
  const listed = wallets.find((w) => keyOf(w) === active.toLowerCase());
  if (listed) return listed;
  const connection = connections.find((c) => keyOf(c) === active.toLowerCase());
  return connection ? connectedWallets(env, manager, [connection], env.client.getState().user)[0] : undefined;
}

/**
 * `connect({ reset })`: the connect-wallet modal (the active wallet forgotten first on `reset`); once
 * it closes, the active wallet then and its network, or `{}`.
 */
export async function connectActiveWallet(
  env: LatchkeyContextValue,
  opts: { reset?: boolean } | undefined,
  listed: () => readonly AnyWallet[],
): Promise<{ wallet?: AnyWallet; network?: string }> {
  const manager = await env.client.wallets();
  if (opts?.reset) manager.setActive(null);
  const closed = modalClosed(env.events);
  env.openModal('connect-wallet');
  await closed;
  const found = activeWallet(env, manager, listed());
  return found ? { wallet: found, network: networkOf(found) } : {};
}

/**
 * The wallet the app acts with (the incumbent's `useActiveWallet`): `wallet` and its `network`
 * ('eip155:8453', 'solana'), `setActiveWallet(wallet)` (remembered in this browser), and
 * `connect({ reset })`, which opens the connect-wallet modal (`reset`: the current one is forgotten
 * first) and, once it closes, resolves with the active wallet then (the one just connected) and its
 * network, or `{}` when there is none. Loads the wallet code on first use.
 *
 * @example
 * const { wallet, network, connect, setActiveWallet } = useActiveWallet();
 * const { wallet: connected } = await connect({ reset: true });
 */
export function useActiveWallet(): {
  connect: (opts?: { reset?: boolean }) => Promise<{ wallet?: AnyWallet; network?: string }>;
  setActiveWallet: (wallet: AnyWallet) => void;
  wallet: AnyWallet | undefined;
  network: string | undefined;
} {
  const env = useLatchkeyContext();
  const { state } = useWalletManager();
  const ethereum = useConnectedWallets('ethereum').wallets;
  const solana = useConnectedWallets('solana').wallets;
  const wallets = useMemo(() => [...ethereum, ...solana], [ethereum, solana]);
  const latest = useLatestRef(wallets);
  const active = state.active?.toLowerCase();
  const wallet = useMemo(
    () => (active ? wallets.find((w) => keyOf(w) === active) : undefined),
    [wallets, active],
  );

  const setActiveWallet = useCallback(
    (target: AnyWallet) => {
      env.client
        .wallets()
        .then((manager) => manager.setActive(target.address, target.walletClientType))
        .catch((error: unknown) => console.error('Latchkey failed to set the active wallet', error));
    },
    [env.client],
  );

  const connect = useCallback(
    (opts?: { reset?: boolean }) => connectActiveWallet(env, opts, () => latest.current),
    [env, latest],
  );

  return { connect, setActiveWallet, wallet, network: networkOf(wallet) };
}
