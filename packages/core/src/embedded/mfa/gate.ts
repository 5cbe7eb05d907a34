import type { FrameMfaData, MfaMethod, PasskeyAssertion } from '@latchkey/protocol';

/** A code the user gave: six digits for `sms` and `totp`, a WebAuthn assertion (WIRE.md §3.5) for `passkey`. */
export type MfaCode =
  | { method: 'sms' | 'totp'; code: string }
  | { method: 'passkey'; assertion: PasskeyAssertion; relyingParty: string };

/** The MFA fields a frame request carries for `code` (WIRE.md §6). */
export function mfaFields(code: MfaCode): Required<FrameMfaData> {
  return code.method === 'passkey'
    ? { mfaMethod: 'passkey', mfaCode: code.assertion, relyingParty: code.relyingParty }
    : { mfaMethod: code.method, mfaCode: code.code, relyingParty: pageOrigin() };
}

/** The page's origin (the frame ignores it for codes; the incumbent sends it anyway). */
export function pageOrigin(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return origin && origin !== 'null' ? origin : '';
}

/**
 * What the MFA loop needs of whoever asks the user (the client's MFA broker): the factors they can
 * use, a code, and being told how that code fared.
 */
export interface MfaGate {
  /** The user's enrolled factors, first enrolled first. */
  methods(): MfaMethod[];
  /**
   * Resolves with the user's next code; `retry` when the last one failed (its `submit` then rejects
   * with 'MFA verification failed, retry.'). Rejects with `mfa_timeout` after `waitMs`, or with
   * `client_error` when the user gives up. Resolves null, without asking, when another operation's
   * verification was under way and succeeded: the frame holds a fresh token, so try without a code.
   */
  awaitCode(options: { retry: boolean; waitMs: number }): Promise<MfaCode | null>;
  /** The last code's outcome: it worked (no `error`), or the operation ended with `error`. */
  settle(error?: unknown): void;
}
