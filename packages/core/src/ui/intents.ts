import type { ChainType, ModalLoginMethod, OAuthProviderName } from '@latchkey/protocol';
import type { OAuthReturn } from '../oauth/return-params.ts';
import type { EmbeddedChain } from './embedded-settings.ts';

/**
 * What the modal was opened for. Linking names the login method (`link-email`, `link-passkey`, …,
 * from protocol's list, so a new method's link intent needs no line here); the login method whose
 * descriptor serves an intent says where it starts (modal/methods).
 */
export type ModalIntent =
  | 'login'
  | `link-${ModalLoginMethod}`
  | 'link-phone'
  | 'update-email'
  | 'update-phone'
  /** Links a social account: off to the provider (`oauth.provider`), or back from it (`oauth.ret`). */
  | 'link-oauth'
  /** The wallet picker without login (`useConnectWallet`). */
  | 'connect-wallet'
  /** 'Enter your password': the embedded wallet is not on this device and its recovery needs the password. */
  | 'recover-wallet'
  /** The four-step password flow, then the wallet's recovery becomes 'user-passcode'. */
  | 'set-wallet-password'
  /** The password flow, then a new embedded wallet secured with it (the app requires a password). */
  | 'create-wallet'
  /** Signing requests of embedded wallets: sign message, confirm transaction, receipts. */
  | 'signing'
  /** An embedded wallet's export screen with the key-export frame (`useExportWallet`). */
  | 'export-wallet'
  /** 'Verify your identity' for an operation that needs MFA, with no other flow on screen. */
  | 'mfa-verify'
  /** The MFA enrolment screens (`useMfaEnrollment().showMfaEnrollmentModal`). */
  | 'mfa-enrollment'
  /** 'Enable offline access' or 'Revoke offline access to wallet' (`useDelegatedActions`). */
  | 'delegated-actions'
  /** The Fund wallet chooser and its methods (`useFundWallet`). */
  | 'fund-wallet'
  /** 'Add a signer to Farcaster' (`useFarcasterSigner().requestFarcasterSignerFromWarpcast`). */
  | 'farcaster-signer';

/** Which chains the wallet picker offers. */
export type WalletChainTypeOption = 'ethereum-only' | 'solana-only' | 'ethereum-and-solana';

/** An embedded wallet named by address and chain (the export screen's wallet). */
export interface EmbeddedWalletTarget {
  address: string;
  chainType: ChainType;
}

/**
 * The promise behind an embedded-wallet flow in the modal: the modal settles it once, with the
 * flow's outcome, or rejects it when the user closes the modal first.
 */
export interface EmbeddedModalTask {
  /** `create-wallet`: the chain of the new wallet. */
  chainType?: EmbeddedChain | undefined;
  /** `recover-wallet`: the imported wallet to recover (else the user's HD wallets). */
  address?: string | undefined;
  /**
   * `set-wallet-password` for a wallet that has a password: the flow first asks for it ('Enter your
   * password'), since the frame moves a password wallet only with its current password.
   */
  askCurrentPassword?: boolean | undefined;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** What a caller may pass along with an intent. */
export interface ModalOptions {
  /** Wallet picker: which chains to offer. */
  walletChainType?: WalletChainTypeOption | undefined;
  /** Deep link: connect this wallet client at once (`privy_wallet_client`). */
  walletClient?: string | null | undefined;
  /** Embedded-wallet flows: the hook's promise, settled by the modal when the flow ends. */
  embeddedTask?: EmbeddedModalTask | undefined;
  /** `export-wallet`: the embedded wallet whose key the export screen shows. */
  exportWallet?: EmbeddedWalletTarget | undefined;
  /**
   * OAuth: the provider to go to, and when the page came back from it, the return to complete
   * (a `login` or `link-oauth` request then opens on the verifying screen).
   */
  oauth?: { provider: OAuthProviderName; ret?: OAuthReturn | undefined } | undefined;
}

/** One opening of the modal: a new id starts the flow again at its first screen. */
export interface ModalRequest extends ModalOptions {
  intent: ModalIntent;
  id: number;
}

/**
 * Who hears how a flow ended. 'embedded': a hook's embedded-wallet flow, which reports to that
 * hook's promise, not as an event.
 */
export type FlowKind = 'login' | 'link' | 'update' | 'connect' | 'embedded';

export function flowKind(intent: ModalIntent): FlowKind {
  if (intent === 'login') return 'login';
  if (intent === 'connect-wallet') return 'connect';
  if (intent.startsWith('link')) return 'link';
  if (intent.startsWith('update')) return 'update';
  return 'embedded';
}

/** The code a flow the user left reports (spec document 2 §8). */
export const exitedCode = {
  login: 'exited_auth_flow',
  link: 'exited_link_flow',
  update: 'exited_update_flow',
  connect: 'exited_auth_flow',
} as const satisfies Record<Exclude<FlowKind, 'embedded'>, string>;
