import {
  type LatchkeyClient,
  LatchkeyClientError,
  type ModalIntent,
  type ModalOptions,
} from '@latchkey/core';
import type { User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { delegationActions } from '../hooks/delegationCallbacks.ts';
import { openDelegateWallet, openRevokeWallets } from './delegation.ts';

const eth0 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const eth1 = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

const wallet = (address: string, walletIndex: number, extra: Record<string, unknown> = {}) => ({
  type: 'wallet',
  address,
  chain_type: 'ethereum',
  chain_id: 'eip155:1',
  connector_type: 'embedded',
  wallet_client: 'privy',
  wallet_client_type: 'privy',
  wallet_index: walletIndex,
  recovery_method: 'privy',
  imported: false,
  delegated: false,
  verified_at: 1 + walletIndex,
  first_verified_at: 1 + walletIndex,
  latest_verified_at: 1 + walletIndex,
  ...extra,
});

/** A client whose user has two embedded wallets; `notOnDevice`: the first connect needs recovery. */
function harness(options: { delegated?: boolean; notOnDevice?: boolean } = {}) {
  const user = {
    id: 'did:privy:user',
    created_at: 1,
    has_accepted_terms: true,
    is_guest: false,
    linked_accounts: [wallet(eth0, 0), wallet(eth1, 1, { delegated: options.delegated ?? false })],
    mfa_methods: [],
  } as unknown as User;
  const log: string[] = [];
  let recovered = !options.notOnDevice;
  const wallets = {
    list: () => [],
    entropy: () => ({
      entropyId: eth0,
      entropyIdVerifier: 'ethereum-address-verifier',
      recoveryMethod: 'privy',
    }),
    connect: async () => {
      log.push('connect');
      if (!recovered) throw Object.assign(new Error('not here'), { type: 'wallet_not_on_device' });
      return { entropyId: eth0 };
    },
  };
  const client = {
    getState: () => ({ ready: true, authenticated: true, user, appConfig: null }),
    subscribe: () => () => undefined,
    embeddedWallets: async () => wallets,
  } as unknown as LatchkeyClient;
  const opened: { intent: ModalIntent; options: ModalOptions | undefined }[] = [];
  const openModal = (intent: ModalIntent, modalOptions?: ModalOptions) => {
    opened.push({ intent, options: modalOptions });
    log.push(intent);
    // The password prompt recovers the wallet, as 'Enter your password' does.
    if (intent === 'recover-wallet') {
      recovered = true;
      modalOptions?.embeddedTask?.resolve(undefined);
    }
  };
  return { client, user, openModal, opened, log };
}

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('resolved');
    },
    (error: unknown) => error as LatchkeyClientError,
  );
}

describe('the delegated-actions modal requests', () => {
  it('brings the wallet onto this device, then asks; the answer settles the promise', async () => {
    const h = harness({ notOnDevice: true });
    const pending = openDelegateWallet(h.client, h.openModal, {
      address: eth1.toLowerCase(),
      chainType: 'ethereum',
    });
    await expect.poll(() => h.opened.length).toBe(2);
    expect(h.log).toEqual(['connect', 'recover-wallet', 'delegated-actions']);
    const task = h.opened[1]!.options!.delegation!;
    expect(task).toMatchObject({ action: 'delegate', wallet: { address: eth1, chainType: 'ethereum' } });
    task.resolve(h.user);
    expect(await pending).toBe(h.user);
  });

  it('refuses before any screen, and returns at once for a delegated wallet', async () => {
    const h = harness({ delegated: true });
    expect(await openDelegateWallet(h.client, h.openModal, { address: eth1, chainType: 'ethereum' })).toBe(
      h.user,
    );
    expect(
      await rejection(openDelegateWallet(h.client, h.openModal, { address: 'nope', chainType: 'ethereum' })),
    ).toMatchObject({ code: 'delegated_actions_wallet_not_found' });
    expect(
      await rejection(
        openDelegateWallet(h.client, h.openModal, { address: eth0, chainType: 'sui' as never }),
      ),
    ).toMatchObject({ code: 'unsupported_chain_type' });
    expect(h.opened).toEqual([]);
    expect(await rejection(openRevokeWallets(harness().client, h.openModal))).toMatchObject({
      code: 'delegated_actions_no_wallet_to_revoke',
    });
  });

  it('asks to revoke when something is delegated', async () => {
    const h = harness({ delegated: true });
    const pending = openRevokeWallets(h.client, h.openModal);
    await expect.poll(() => h.opened.length).toBe(1);
    const task = h.opened[0]!.options!.delegation!;
    expect(task.action).toBe('revoke');
    task.reject(
      new LatchkeyClientError(
        'delegated_actions_declined',
        'User declined revoking access to their delegated wallet.',
      ),
    );
    expect(await rejection(pending)).toMatchObject({ code: 'delegated_actions_declined' });
  });
});

describe('the hooks’ callbacks', () => {
  it('tells onDelegate, onRevoke and onSuccess the user; onError the code, and rethrows', async () => {
    const h = harness();
    const heard: string[] = [];
    const actions = delegationActions(
      () => ({
        onDelegate: ({ user, address }) => heard.push(`delegate ${user?.id} ${address}`),
        onRevoke: ({ user }) => heard.push(`revoke ${user?.id}`),
        onSuccess: ({ user }) => heard.push(`success ${user?.id}`),
        onError: (code) => heard.push(`error ${code}`),
      }),
      async () => h.user,
      async () => {
        throw new LatchkeyClientError(
          'delegated_actions_declined',
          'User declined revoking access to their delegated wallet.',
        );
      },
    );
    await actions.delegateWallet({ address: eth0, chainType: 'ethereum' });
    expect(await rejection(actions.revokeWallets())).toMatchObject({ code: 'delegated_actions_declined' });
    expect(heard).toEqual([
      `delegate did:privy:user ${eth0}`,
      'success did:privy:user',
      'error delegated_actions_declined',
    ]);
  });
});
