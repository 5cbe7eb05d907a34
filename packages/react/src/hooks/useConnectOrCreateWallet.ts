import { embeddedController, hasEmbeddedWallet } from '@latchkey/core';
import { useCallback } from 'react';
import { type ConnectOrCreateWalletCallbacks, PrivyErrorCode } from '../callbacks.ts';
import { embeddedEthereumWallet } from '../embedded/embeddedWalletObjects.ts';
import { type LatchkeyContextValue, useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ConnectedWallet } from '../types.ts';
import { connectedWallets } from '../wallets/connectedWallets.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type { ConnectOrCreateWalletCallbacks };

/** The user's first embedded Ethereum wallet, then the Ethereum wallets connected in this browser. */
async function ethereumWallets(env: LatchkeyContextValue): Promise<ConnectedWallet[]> {
  const { client, config, openModal } = env;
  const user = client.getState().user;
  const out: ConnectedWallet[] = [];
  if (hasEmbeddedWallet(user, 'ethereum')) {
    const controller = embeddedController(client);
    const account = (await controller.load()).list().find((a) => a.chainType === 'ethereum');
    const start = config.defaultChain?.id ?? config.supportedChains?.[0]?.id ?? 1;
    if (account) {
      const chainId = controller.chainIds().get(account.address.toLowerCase()) ?? start;
      out.push(embeddedEthereumWallet(client, openModal, account, chainId, config));
    }
  }
  const manager = await client.wallets();
  const external = connectedWallets(env, manager, manager.getState().connections, user);
  return [...out, ...external.filter((w): w is ConnectedWallet => w.type === 'ethereum')];
}

/** `connectOrCreateWallet()`: the login modal, then the callbacks with the first wallet once it closes. */
export function connectOrCreate(env: LatchkeyContextValue, callbacks: () => ConnectOrCreateWalletCallbacks) {
  if (env.client.getState().user) {
    console.warn('Latchkey: User must be unauthenticated to `connectOrCreateWallet`');
    return;
  }
  const off = env.events.on('modalStatus', (open) => {
    if (open) return;
    off();
    ethereumWallets(env)
      .catch(() => [])
      .then(([wallet]) => {
        if (wallet) callbacks().onSuccess?.({ wallet });
        else callbacks().onError?.(PrivyErrorCode.USER_EXITED_AUTH_FLOW);
      });
  });
  env.openModal('login');
}

/**
 * The incumbent's `useConnectOrCreateWallet`: for a logged-out user, opens the login modal (log in,
 * which creates the embedded wallet as `embeddedWallets.createOnLogin` says, or connect a wallet);
 * when it closes, `onSuccess({ wallet })` with the user's embedded Ethereum wallet, else the first
 * connected Ethereum wallet, or `onError('exited_auth_flow')` when there is none. A logged-in user
 * gets a console warning and nothing opens, as with the incumbent.
 *
 * @example
 * const { connectOrCreateWallet } = useConnectOrCreateWallet({
 *   onSuccess: ({ wallet }) => console.log(wallet.address),
 * });
 */
export function useConnectOrCreateWallet(callbacks: ConnectOrCreateWalletCallbacks = {}): {
  connectOrCreateWallet: () => void;
} {
  const env = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const connectOrCreateWallet = useCallback(() => connectOrCreate(env, () => latest.current), [env, latest]);
  return { connectOrCreateWallet };
}
