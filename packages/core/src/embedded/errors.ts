import type { FrameErrorType } from '@latchkey/protocol';
import { LatchkeyError, type LatchkeyErrorOptions } from '../errors.ts';

/**
 * The error `type`s the wallet frame answers with (WIRE.md §6), plus the proxy's own:
 * `client_request_timeout` (no answer in time) and `embedded_wallet_webview_not_loaded`
 * (the frame never answered the ready handshake, or the proxy was destroyed).
 */
export type EmbeddedWalletErrorType =
  | FrameErrorType
  | 'client_request_timeout'
  | 'embedded_wallet_webview_not_loaded'
  | 'embedded_wallet_not_found'
  | 'embedded_wallet_already_exists'
  | 'must_be_authenticated'
  | 'invalid_input'
  | 'unsupported_recovery_method'
  | 'disallowed_recovery_method';

/** Spec document 2 §8 messages used by the embedded-wallet code. */
export const embeddedMessages = {
  proxyNotConnected: 'Failed to connect to wallet proxy',
  /** Latchkey's own: a developer-facing warning (see warnIfPageStorage). */
  pageStorageOnly:
    "Latchkey: this browser blocks the wallet frame's storage (the Latchkey server is on another site than " +
    'this page, and third-party storage is blocked), so embedded wallets last for this page only and are ' +
    "recovered after a reload. Serve Latchkey on the app's own site (auth.example.com for example.com): " +
    'see the deployment notes in docs/security.md.',
  proxyDestroyed: 'iframe not initialized',
  timeout: 'Request timed out',
  notAuthenticated: 'User must be authenticated to use their embedded wallet.',
  noWalletToConnect:
    'User must be authenticated and have a Latchkey wallet before it can be connected/recovered',
  noWalletForAddress: 'No wallet found for address',
  alreadyExists: 'User already has an embedded wallet.',
  passwordRequired: 'Password not provided yet is required by App configuration',
  invalidWalletIndex: 'Invalid walletIndex: must be a non-negative integer',
  userRejected: 'The user rejected the request.',
  emptyMessage: 'Message must be a non-empty string',
  invalidParams: 'Invalid params',
  invalidTransaction: 'Invalid transaction request',
  unsupportedMethod: 'The Provider does not support the requested method.',
  unauthorized: 'The requested account and/or method has not been authorized by the user.',
  disconnected: 'The Provider is disconnected from all chains.',
  unsupportedChain: (chainId: number) =>
    `Chain ID ${chainId} is not supported. It must be added to the config.supportedChains property of the LatchkeyProvider.`,
} as const;

/**
 * An embedded-wallet failure: `type` is the frame's error type (or the proxy's own), `message`
 * the frame's message, which never holds key material.
 *
 * @example
 * catch (error) { if (error instanceof EmbeddedWalletError && error.type === 'wallet_not_on_device') askForPassword() }
 */
export class EmbeddedWalletError extends LatchkeyError {
  override name = 'EmbeddedWalletError' as const;
  readonly type: EmbeddedWalletErrorType;

  constructor(type: EmbeddedWalletErrorType, message: string, options: LatchkeyErrorOptions = {}) {
    super(message, type, options);
    this.type = type;
  }
}

/** An EIP-1193 provider error: a numeric `code` (4001, 4100, 4200, 4901, 4902, -326xx) and `data`. */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError' as const;
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.data = options.data;
  }
}

/** True when `error` is an EmbeddedWalletError of `type`. */
export function isEmbeddedWalletError(error: unknown, type?: EmbeddedWalletErrorType): boolean {
  return error instanceof EmbeddedWalletError && (type === undefined || error.type === type);
}
