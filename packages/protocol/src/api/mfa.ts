import type { MfaMethodType, User } from '../user.ts';
import type { CodeSentResponse, EmptyRequest, EmptyResponse } from './common.ts';
import type { PasskeyAssertion, PasskeyVerifyOptions, RelyingParty } from './passkeys.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Multi-factor authentication (WIRE.md §3.7; spec document 1 §2 'Multi-factor', §4 'MFA'). A user
 * enrols factors (SMS, an authenticator app, passkeys); once they have one, the wallet frame's API
 * refuses share release, the per-signature session check and factor changes without an MFA token
 * (`mfaTokenHeader` in frame-api.ts), which the `verify` routes hand out for a right code.
 *
 * Who calls what: the host (core) calls `mfaSmsInit {action:'verify'}` and `mfaPasskeyInit` to start a
 * verification; the wallet frame calls the `verify` routes itself with the code the host passes it and
 * keeps the token (page script never sees it), and calls the enrolment routes with its token when the
 * user already has a factor. Casing is as the incumbent's clients send it: `phoneNumber`,
 * `totpSecret`/`totpAuthUrl` camelCase, the passkey fields snake_case (WIRE.md §8).
 */

/** The factor types a user can enrol here (`email` is in the wire enum but has no routes). */
export const mfaMethods = ['sms', 'totp', 'passkey'] as const satisfies readonly MfaMethodType[];
export type MfaMethod = (typeof mfaMethods)[number];

/** `/mfa/passwordless_sms/init`: send a code to the enrolled number, or to a number being enrolled. */
export type MfaSmsInitRequest = { action: 'verify' } | { action: 'enroll'; phoneNumber: string };

export interface MfaSmsEnrollRequest {
  phoneNumber: string;
  code: string;
}

/** A 6-digit code: SMS or the authenticator app's current one. */
export interface MfaCodeRequest {
  code: string;
}

/**
 * A `verify` answer: the MFA token, random and short-lived (`limits.mfaTokenTtlSeconds`), good only
 * for the user and the session (the access token's `sid`) that verified.
 */
export interface MfaTokenResponse {
  token: string;
}

/** `/mfa/totp/init`: the new secret (base32) and its `otpauth://totp/...` URL, for the QR code. */
export interface MfaTotpInitResponse {
  totpSecret: string;
  totpAuthUrl: string;
}

export interface MfaPasskeyInitResponse extends RelyingParty {
  /** `allow_credentials` names the user's passkeys enrolled in MFA. */
  options: PasskeyVerifyOptions;
}

export interface MfaPasskeyVerifyRequest extends RelyingParty {
  authenticator_response: PasskeyAssertion;
}

/**
 * `/mfa/passkeys/enrollment`: the user's passkeys (linked accounts, by credential id) that are MFA
 * factors from now on, the whole list: a passkey left out stops being one, and an empty list removes
 * passkeys as a factor. `remove_for_login`: the listed passkeys stop logging in (MFA only).
 */
export interface MfaPasskeyEnrollmentRequest {
  credential_ids: string[];
  remove_for_login?: boolean;
}

export interface MfaSuccessResponse {
  success: boolean;
}

const mfaTable = {
  mfaSmsInit: { method: 'POST', path: '/api/v1/mfa/passwordless_sms/init' },
  mfaSmsEnroll: { method: 'POST', path: '/api/v1/mfa/passwordless_sms/enroll' },
  mfaSmsVerify: { method: 'POST', path: '/api/v1/mfa/passwordless_sms/verify' },
  mfaSmsUnenroll: { method: 'POST', path: '/api/v1/mfa/passwordless_sms/unenroll' },
  mfaTotpInit: { method: 'POST', path: '/api/v1/mfa/totp/init' },
  mfaTotpEnroll: { method: 'POST', path: '/api/v1/mfa/totp/enroll' },
  mfaTotpVerify: { method: 'POST', path: '/api/v1/mfa/totp/verify' },
  mfaTotpUnenroll: { method: 'POST', path: '/api/v1/mfa/totp/unenroll' },
  mfaPasskeyInit: { method: 'POST', path: '/api/v1/mfa/passkeys/init' },
  mfaPasskeyVerify: { method: 'POST', path: '/api/v1/mfa/passkeys/verify' },
  mfaPasskeyEnrollment: { method: 'POST', path: '/api/v1/mfa/passkeys/enrollment' },
} as const;

/** `/api/v1/mfa/*` (WIRE.md §3.7). */
export const mfaApi: TypedRoutes<
  typeof mfaTable,
  {
    mfaSmsInit: { request: MfaSmsInitRequest; response: CodeSentResponse };
    mfaSmsEnroll: { request: MfaSmsEnrollRequest; response: User };
    mfaSmsVerify: { request: MfaCodeRequest; response: MfaTokenResponse };
    mfaSmsUnenroll: { request: EmptyRequest; response: MfaSuccessResponse };
    mfaTotpInit: { request: EmptyRequest; response: MfaTotpInitResponse };
    mfaTotpEnroll: { request: MfaCodeRequest; response: User };
    mfaTotpVerify: { request: MfaCodeRequest; response: MfaTokenResponse };
    mfaTotpUnenroll: { request: EmptyRequest; response: MfaSuccessResponse };
    mfaPasskeyInit: { request: RelyingParty; response: MfaPasskeyInitResponse };
    mfaPasskeyVerify: { request: MfaPasskeyVerifyRequest; response: MfaTokenResponse };
    mfaPasskeyEnrollment: { request: MfaPasskeyEnrollmentRequest; response: EmptyResponse };
  }
> = mfaTable;

const mfaAuthTable = {
  mfaAuthTotpInit: { method: 'POST', path: '/api/v1/mfa_auth/totp/init' },
  mfaAuthTotpEnroll: { method: 'POST', path: '/api/v1/mfa_auth/totp/enroll' },
  mfaAuthTotpVerify: { method: 'POST', path: '/api/v1/mfa_auth/totp/verify' },
  mfaAuthTotpUnenroll: { method: 'POST', path: '/api/v1/mfa_auth/totp/unenroll' },
  mfaAuthPasskeyInit: { method: 'POST', path: '/api/v1/mfa_auth/passkeys/init' },
  mfaAuthPasskeyVerify: { method: 'POST', path: '/api/v1/mfa_auth/passkeys/verify' },
  mfaAuthPasskeyEnrollment: { method: 'POST', path: '/api/v1/mfa_auth/passkeys/enrollment' },
} as const;

/**
 * `/api/v1/mfa_auth/*` (WIRE.md §3.7): the incumbent's second spelling of the TOTP and passkey routes,
 * same bodies and rules; `verify` spends the code and answers `{success}`, handing out no token.
 */
export const mfaAuthApi: TypedRoutes<
  typeof mfaAuthTable,
  {
    mfaAuthTotpInit: { request: EmptyRequest; response: MfaTotpInitResponse };
    mfaAuthTotpEnroll: { request: MfaCodeRequest; response: User };
    mfaAuthTotpVerify: { request: MfaCodeRequest; response: MfaSuccessResponse };
    mfaAuthTotpUnenroll: { request: EmptyRequest; response: MfaSuccessResponse };
    mfaAuthPasskeyInit: { request: RelyingParty; response: MfaPasskeyInitResponse };
    mfaAuthPasskeyVerify: { request: MfaPasskeyVerifyRequest; response: MfaSuccessResponse };
    mfaAuthPasskeyEnrollment: { request: MfaPasskeyEnrollmentRequest; response: EmptyResponse };
  }
> = mfaAuthTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const mfaReference: ReferenceArea = {
  name: 'MFA',
  description: 'Enrolment and verification of second factors (WIRE.md §3.7).',
  tables: [
    [mfaApi, 'frame', { mfaSmsInit: 'user', mfaPasskeyInit: 'user' }],
    [mfaAuthApi, 'frame', { mfaAuthPasskeyInit: 'user' }],
  ],
};
