import { embeddedController, type LatchkeyClient, type OpenModal } from '@latchkey/core';
import type { EmbeddedChainType } from '@latchkey/core/embedded';
import type { User } from '@latchkey/protocol';

/** The wallet `delegateWallet` names (the incumbent's parameters). */
export interface DelegateWalletParameters {
  address: string;
  chainType: EmbeddedChainType;
}

/** A session signer: a key quorum of the app, with the app's policies applied instead of the wallet's. */
export interface SessionSignerInput {
  signerId: string;
  policyIds?: string[];
}

// The flows' chunk: loaded on the first call, never with the page.
const delegation = () => import('@latchkey/core/delegation');

/**
 * 'Enable offline access' for the wallet at `address`: the request is checked (the incumbent's codes),
 * an already delegated wallet resolves at once, the root wallet is brought onto this device (a
 * password wallet asks for its password in the modal), then the consent screen opens; resolves
 * once the user accepted and the key was delegated, rejects when they decline.
 */
export async function openDelegateWallet(
  client: LatchkeyClient,
  openModal: OpenModal,
  parameters: DelegateWalletParameters,
): Promise<User | null> {
  const m = await delegation();
  const user = client.getState().user;
  const { wallet, root } = m.delegationTarget(user, parameters?.address, parameters?.chainType);
  if (wallet.delegated) return user;
  await embeddedController(client).forWallet(root.address, openModal);
  return new Promise((resolve, reject) =>
    openModal('delegated-actions', {
      delegation: {
        action: 'delegate',
        wallet: { address: wallet.address, chainType: wallet.chainType },
        resolve,
        reject,
      },
    }),
  );
}

/** 'Revoke offline access to wallet': checked first (no user, nothing delegated), then asked. */
export async function openRevokeWallets(client: LatchkeyClient, openModal: OpenModal): Promise<User | null> {
  const m = await delegation();
  m.assertRevocable(client.getState().user);
  return new Promise((resolve, reject) =>
    openModal('delegated-actions', { delegation: { action: 'revoke', resolve, reject } }),
  );
}

/** Delegates without a screen (a 'privy' wallet recovers by itself; a password wallet must be on this device). */
export async function delegateHeadless(client: LatchkeyClient, parameters: DelegateWalletParameters) {
  const m = await delegation();
  return m.delegateWallet(m.clientDelegationContext(client), parameters);
}

export async function revokeHeadless(client: LatchkeyClient) {
  const m = await delegation();
  return m.revokeWallets(m.clientDelegationContext(client));
}

export async function addSigners(
  client: LatchkeyClient,
  parameters: { address: string; signers: SessionSignerInput[] },
) {
  const m = await delegation();
  return m.addSessionSigners(m.clientDelegationContext(client), parameters);
}

export async function removeSigners(client: LatchkeyClient, parameters: { address: string }) {
  const m = await delegation();
  return m.removeSessionSigners(m.clientDelegationContext(client), parameters);
}
