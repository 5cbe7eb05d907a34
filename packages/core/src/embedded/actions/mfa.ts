import type { FrameRequestOf, FrameResponseOf, MfaMethod } from '@latchkey/protocol';
import { userMfaMethods } from '../mfa/methods.ts';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { frameAuth } from './frameAuth.ts';

type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type FrameFields = 'accessToken' | 'mfaMethod' | 'mfaCode' | 'relyingParty';

export type InitMfaEnrollmentParameters = Without<FrameRequestOf<'privy:mfa:init-enrollment'>, FrameFields>;
export type SubmitMfaEnrollmentParameters = Without<
  FrameRequestOf<'privy:mfa:submit-enrollment'>,
  FrameFields
>;

/** The frame's multi-factor requests (WIRE.md §6); the frame holds the MFA token, the page never sees it. */
export interface EmbeddedMfa {
  /**
   * Asks the user for a code and has the frame verify it (`privy:mfa:verify`), whatever token it may
   * hold; resolves at once for a user without a factor.
   */
  verify(): Promise<void>;
  /** sms: a code is texted to `phoneNumber`; totp: a new secret and its `otpauth://` URL. */
  initEnrollment(params: InitMfaEnrollmentParameters): Promise<FrameResponseOf<'privy:mfa:init-enrollment'>>;
  /** Completes an enrolment (or sets the passkeys that are factors), then refreshes the user. */
  submitEnrollment(params: SubmitMfaEnrollmentParameters): Promise<void>;
  /** Removes a factor (all passkeys, for `passkey`), then refreshes the user. */
  unenroll(method: MfaMethod, options?: { removeForLogin?: boolean | undefined }): Promise<void>;
  /** Drops the frame's MFA token: the next gated operation asks for a code again. */
  clear(): Promise<void>;
  /** Unlinks a passkey through the frame, which removing a factor needs; then refreshes the user. */
  unlinkPasskey(credentialId: string, options?: { removeAsMfa?: boolean | undefined }): Promise<void>;
}

/** Refreshes the session so `mfa_methods` and the passkeys' `enrolled_in_mfa` show the change. */
async function refreshUser(ctx: EmbeddedWalletsContext): Promise<void> {
  try {
    await ctx.session.refreshAfterChange();
  } catch {
    // The next refresh shows it.
  }
}

export function embeddedMfa(ctx: EmbeddedWalletsContext): EmbeddedMfa {
  const mfa: EmbeddedMfa = {
    async verify() {
      if (userMfaMethods(ctx.session.user).length === 0) return;
      await frameCall(ctx, 'privy:mfa:verify', await frameAuth(ctx), { forceMfa: true });
    },
    async initEnrollment(params) {
      return frameCall(ctx, 'privy:mfa:init-enrollment', { ...(await frameAuth(ctx)), ...params });
    },
    async submitEnrollment(params) {
      await frameCall(ctx, 'privy:mfa:submit-enrollment', { ...(await frameAuth(ctx)), ...params });
      await refreshUser(ctx);
    },
    async unenroll(method, options = {}) {
      const removeForLogin = options.removeForLogin;
      await frameCall(ctx, 'privy:mfa:unenroll', {
        ...(await frameAuth(ctx)),
        method,
        ...(removeForLogin === undefined ? {} : { removeForLogin }),
      });
      await refreshUser(ctx);
      // The last factor gone: a token held for it has nothing left to guard.
      if (userMfaMethods(ctx.session.user).length === 0) await mfa.clear().catch(() => undefined);
    },
    async clear() {
      const userId = ctx.session.user?.id;
      await frameCall(ctx, 'privy:mfa:clear', userId ? { userId } : {});
    },
    async unlinkPasskey(credentialId, options = {}) {
      const removeAsMfa = options.removeAsMfa;
      await frameCall(ctx, 'privy:auth:unlink-passkey', {
        ...(await frameAuth(ctx)),
        credentialId,
        ...(removeAsMfa === undefined ? {} : { removeAsMfa }),
      });
      await refreshUser(ctx);
    },
  };
  return mfa;
}
