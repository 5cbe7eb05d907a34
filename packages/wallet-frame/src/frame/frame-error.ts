import { InvalidRequestError, WrongRecoveryKeyError } from '@latchkey/keys';
import type { FrameErrorType as ProtocolFrameErrorType } from '@latchkey/protocol';

/** The WIRE §6 error types (protocol's `FrameErrorType`) this frame answers with. */
export type FrameErrorType = Extract<
  ProtocolFrameErrorType,
  | 'error'
  | 'invalid_request_arguments'
  | 'wallet_not_on_device'
  | 'invalid_recovery_pin'
  | 'missing_or_invalid_mfa'
>;

/** A failure the frame reports as `error: {type, message}`. Messages never carry key material. */
export class FrameError extends Error {
  override readonly name = 'FrameError';
  readonly type: FrameErrorType;
  /** The HTTP status and error code of the server's refusal this reports, when it reports one. */
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(type: FrameErrorType, message: string, status?: number, code?: string) {
    super(message);
    this.type = type;
    this.status = status;
    this.code = code;
  }
}

export const frameMessages = {
  notOnDevice: 'The wallet is not on this device; recover it first.',
  wrongPassword: 'Invalid recovery password.',
  storage: 'Unable to access storage',
  loginAgain: 'Log in again to use your wallet on this device.',
  unexpected: 'An error has occurred, please try again.',
  /** The server refused for MFA: the user has a factor and this page holds no valid token. */
  mfaRequired: 'Missing or invalid MFA token.',
  /** A code the server did not take (spec document 2 §8: the host re-prompts with this text). */
  mfaFailed: 'MFA verification failed, retry.',
  /** An enrolment code the server refused (wrong, spent or expired). */
  invalidEnrollmentCode: 'The code you entered is not valid',
} as const;

/**
 * The `error` of a reply for the failures the frame expects (bad requests, server refusals, a wrong
 * password); null for anything else, which the caller reports generically: a library's own message could,
 * in principle, quote the bytes it was handling.
 */
export function toReplyError(error: unknown): { type: FrameErrorType; message: string } | null {
  if (error instanceof FrameError) return { type: error.type, message: error.message };
  if (error instanceof InvalidRequestError)
    return { type: 'invalid_request_arguments', message: error.message };
  if (error instanceof WrongRecoveryKeyError)
    return { type: 'invalid_recovery_pin', message: frameMessages.wrongPassword };
  return null;
}
