/** Business constants and limits (spec document 2 §9, document 1 §5). */
export const limits = {
  appIdLength: 25,
  verificationCodeLength: 6,
  /** Verification codes expire after 10 minutes. */
  verificationCodeTtlSeconds: 10 * 60,
  /** Wrong attempts allowed per code before it is burnt. */
  verificationCodeMaxAttempts: 5,
  guestCredentialLength: 43,
  accessTokenTtlSeconds: 60 * 60,
  identityTokenTtlSeconds: 60 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  /** A session's absolute lifetime, as long as the refresh cookie (spec document 2 §9: 30 days). */
  sessionTtlSeconds: 30 * 24 * 60 * 60,
  /** Clients treat tokens as expired this long before `exp`. */
  tokenExpiryMarginSeconds: 30,
  listQueryMaxLimit: 100,
  /** Passkeys are the one account type a user may hold several of. */
  maxPasskeysPerUser: 5,
  requestTimeoutMs: 20_000,
  /**
   * An MFA token (`/mfa/{method}/verify`) lives 5 minutes: as long as the client waits for one code, so one
   * verification covers the operation it was asked for and the signatures right after it.
   */
  mfaTokenTtlSeconds: 300,
  /** A wallet operation that needs MFA: each code is waited for 300 s ('mfa_timeout')… */
  mfaCodeWaitMs: 300_000,
  /** …the whole operation at most 1,260,000 ms… */
  mfaOperationTimeoutMs: 1_260_000,
  /** …and after 4 attempts it fails ('mfa_verification_max_attempts_reached'). */
  mfaMaxAttempts: 4,
} as const;
