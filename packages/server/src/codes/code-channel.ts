/**
 * What a code is for, part of its key: a login code never passes as an MFA code nor the reverse.
 * `mfa_sms` codes are keyed by user and number (mfa/sms-factor.ts).
 */
export type CodeChannel = 'email' | 'sms' | 'mfa_sms';

/**
 * Whose guesses are counted together: a code channel, or `mfa_totp` (authenticator-app codes of
 * one user, checked against the user's secret rather than a stored code: mfa/totp-factor.ts).
 */
export type GuessChannel = CodeChannel | 'mfa_totp';
