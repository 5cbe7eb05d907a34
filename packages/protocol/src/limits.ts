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
} as const;
