import type { LatchkeyClient } from '@latchkey/core';
import type { LatchkeyEvents } from '../events.ts';
import type { LatchkeyContextValue } from '../LatchkeyContext.ts';
import type { MethodActions } from '../methods/index.ts';
import { reactMethods } from '../methods/index.ts';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';

export interface LatchkeyActions extends MethodActions {
  /** Opens the modal on the landing screen. */
  login(): void;
  /** Logs out on the server and clears the local session, even if the call fails. */
  logout(): Promise<void>;
  /** An active access token (refreshed when needed), or null when logged out. */
  getAccessToken(): Promise<string | null>;
  /** Opens 'Connect your email'. */
  linkEmail(): void;
  /** Opens 'Connect your phone'. */
  linkPhone(): void;
  /** Opens 'Update your email'. */
  updateEmail(): void;
  /** Opens 'Update your phone number'. */
  updatePhone(): void;
  unlinkEmail(address: string): Promise<ClientUser>;
  unlinkPhone(phoneNumber: string): Promise<ClientUser>;
  /**
   * Opens 'Waiting for passkey' to add a passkey to the user (at most 5). To name the passkey:
   * `useLinkAccount().linkPasskey({ name })` (kept out of the first load).
   */
  linkPasskey(): void;
  /** Removes one of the user's passkeys by its credential id (the only account cannot go). */
  unlinkPasskey(credentialId: string): Promise<ClientUser>;
  acceptTerms(): Promise<ClientUser>;
  /** Opens the wallet picker to connect a wallet without logging in. */
  connectWallet(): void;
  /** Opens the wallet picker to link a wallet to the logged-in user. */
  linkWallet(): void;
  /** Unlinks an Ethereum or Solana wallet from the user (loads the wallet code). */
  unlinkWallet(address: string): Promise<ClientUser>;
}

export async function logout(client: LatchkeyClient, events: LatchkeyEvents): Promise<void> {
  await client.logout();
  events.emit('logout', undefined);
}

/** The actions every hook shares; one object per provider value. */
export function latchkeyActions(context: LatchkeyContextValue): LatchkeyActions {
  const { client, events, openModal } = context;
  return {
    // Each login method's own (`linkGoogle`, …): methods/.
    ...(Object.assign({}, ...reactMethods.map((method) => method.actions?.(context))) as MethodActions),
    login: () => openModal('login'),
    logout: () => logout(client, events),
    getAccessToken: () => client.getAccessToken(),
    linkEmail: () => openModal('link-email'),
    linkPhone: () => openModal('link-phone'),
    updateEmail: () => openModal('update-email'),
    updatePhone: () => openModal('update-phone'),
    unlinkEmail: (address) => client.email.unlinkEmail({ address }).then(toClientUser),
    unlinkPhone: (phoneNumber) => client.sms.unlinkPhone({ phoneNumber }).then(toClientUser),
    linkPasskey: () => openModal('link-passkey'),
    unlinkPasskey: (credentialId) => client.passkey.unlink({ credentialId }).then(toClientUser),
    acceptTerms: () => client.acceptTerms().then(toClientUser),
    connectWallet: () => openModal('connect-wallet'),
    linkWallet: () => openModal('link-wallet'),
    unlinkWallet: (address) =>
      client
        .wallets()
        .then((wallets) => wallets.unlink(address))
        .then(toClientUser),
  };
}
