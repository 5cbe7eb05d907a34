import { Secret, TOTP } from 'otpauth';

/**
 * An authenticator app's current code for `secret` (base32, as `/mfa/totp/init` answers it): RFC 6238
 * with SHA-1, 6 digits and 30-second steps, at `nowSeconds` (the test server's clock, `t.ctx.now()`)
 * moved by `steps` steps.
 */
export function totpCode(secret: string, nowSeconds: number, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: (nowSeconds + steps * 30) * 1000,
  });
}

/** The secret an `otpauth://totp/...` URL (the QR code's content) carries. */
export function totpSecretOf(authUrl: string): string {
  const secret = new URL(authUrl).searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${authUrl}`);
  return secret;
}
