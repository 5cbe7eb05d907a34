import type { User } from '@latchkey/protocol';
import type { DelegateWalletsRequest } from '../embedded/index.ts';
import type { HttpClient } from '../http/createHttpClient.ts';

/** What the delegation flows use of the embedded wallets (`EmbeddedWallets` has all of it). */
export interface DelegationFrame {
  /** Resolves once the wallet frame answered its handshake. */
  ready(): Promise<void>;
  connect(options?: { address?: string | undefined }): Promise<{ entropyId: string }>;
  delegate(request: DelegateWalletsRequest): Promise<void>;
  signWithUserSigner(message: string): Promise<string>;
}

/** The root wallet a consent rebuilds (its address names the secret in the frame). */
export interface DelegationRootTarget {
  address: string;
  imported: boolean;
}

/**
 * What the delegated-actions and session-signer flows need: the app, the user (read when needed),
 * the server, a session refresh (the linked accounts then show `delegated` and the wallet's id) and
 * the wallet frame.
 */
export interface DelegationContext {
  appId: string;
  http: Pick<HttpClient, 'apiUrl' | 'call'>;
  user(): User | null;
  refresh(): Promise<User | null>;
  /** The embedded wallets, loaded on first use. */
  frame(): Promise<DelegationFrame>;
  /**
   * Brings the root onto this device before the frame reads its key. Default: `connect` (a 'privy'
   * wallet recovers by itself; a password wallet not on this device fails `wallet_not_on_device`).
   * The modal passes its own, which asks for the password.
   */
  onDevice?: ((root: DelegationRootTarget, frame: DelegationFrame) => Promise<void>) | undefined;
}

/** How long a consent waits for the wallet frame to answer its handshake (spec document 2 §9). */
export const delegationProxyWaitMs = 15_000;

/** What a delegation context is made from: the client (`LatchkeyClient` has all of it). */
export interface DelegationClient {
  appId: string;
  http: DelegationContext['http'];
  getState(): { user: User | null };
  refreshSession(): Promise<User | null>;
  embeddedWallets(): Promise<DelegationFrame>;
}

/** The flows' context on a client; `onDevice`: the modal's way to bring the root onto this device. */
export function clientDelegationContext(
  client: DelegationClient,
  onDevice?: DelegationContext['onDevice'],
): DelegationContext {
  return {
    appId: client.appId,
    http: client.http,
    user: () => client.getState().user,
    refresh: () => client.refreshSession(),
    frame: () => client.embeddedWallets(),
    onDevice,
  };
}
