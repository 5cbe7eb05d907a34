/**
 * A world for the embedded-wallet API: a logged-in user, the server's view of them (what a session
 * refresh returns) and a scripted wallet frame that records every request.
 */
import type { LinkedAccount, User } from '@latchkey/protocol';
import { expect } from 'vitest';
import type { EmbeddedSession } from '../src/embedded/embedded-wallets.ts';
import { EmbeddedWalletError } from '../src/embedded/errors.ts';
import type { FrameProxy } from '../src/embedded/frame-proxy.ts';

export const eth0 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const eth1 = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
export const eth2 = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
export const sol0 = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

let clock = 1_700_000_000;

/** An embedded wallet linked account as the server lists it (WIRE.md §4.2). */
export function walletAccount(
  chainType: 'ethereum' | 'solana',
  address: string,
  walletIndex: number,
  extra: Record<string, unknown> = {},
): LinkedAccount {
  const at = (extra.verified_at as number | undefined) ?? clock++;
  return {
    type: 'wallet',
    verified_at: at,
    first_verified_at: at,
    latest_verified_at: at,
    id: null,
    address,
    chain_id: chainType === 'ethereum' ? 'eip155:1' : null,
    chain_type: chainType,
    connector_type: 'embedded',
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    wallet_index: walletIndex,
    delegated: false,
    imported: false,
    recovery_method: 'privy',
    ...(chainType === 'solana' ? { public_key: address } : {}),
    ...extra,
  } as LinkedAccount;
}

export const emailAccount: LinkedAccount = {
  type: 'email',
  address: 'alice@example.com',
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
};

export type Handler = (data: Record<string, unknown>) => unknown;

/**
 * A logged-in user, the server's view of them (what a session refresh returns) and a scripted
 * frame that records every request and answers by `handlers` (a thrown error is the frame's).
 */
export function world(accounts: LinkedAccount[] = [], handlers: Record<string, Handler> = {}) {
  const server: User = {
    id: 'did:privy:user',
    created_at: 1,
    has_accepted_terms: false,
    is_guest: false,
    linked_accounts: [emailAccount, ...accounts],
    mfa_methods: [],
  };
  let user: User | null = structuredClone(server);
  let token: string | null = 'access-token';
  let refreshes = 0;
  const session: EmbeddedSession = {
    get user() {
      return user;
    },
    getAccessToken: async () => token,
    refreshAfterChange: async () => {
      refreshes += 1;
      user = structuredClone(server);
      return user;
    },
  };
  const requests: { event: string; data: Record<string, unknown> }[] = [];
  let destroyed = 0;
  const proxy: FrameProxy = {
    ready: Promise.resolve(),
    async request<T>(event: string, data: Record<string, unknown>) {
      requests.push({ event, data });
      const handler = handlers[event];
      if (!handler) throw new EmbeddedWalletError('error', `unscripted ${event}`);
      return (await handler(data)) as T;
    },
    destroy() {
      destroyed += 1;
    },
  };
  return {
    session,
    proxy,
    server,
    requests,
    events: () => requests.map((r) => r.event),
    refreshes: () => refreshes,
    destroyed: () => destroyed,
    logout: () => {
      token = null;
      user = null;
    },
    link: (account: LinkedAccount) => server.linked_accounts.push(account),
  };
}

export const notOnDevice = () => {
  throw new EmbeddedWalletError('wallet_not_on_device', 'Wallet not on device');
};

export async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddedWalletError);
  return error as EmbeddedWalletError;
}
