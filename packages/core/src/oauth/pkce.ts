import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base64url, randomBytes } from '../random.ts';

/** What one OAuth attempt keeps on the device until the provider sends the user back. */
export interface PkceValues {
  /** base64url of 36 random bytes: sent with the code on the way back, never before. */
  codeVerifier: string;
  /** base64url of 36 random bytes: comes back with the code, and must match. */
  stateCode: string;
  /** base64url(SHA-256(codeVerifier)): the S256 challenge the server gets at init. */
  codeChallenge: string;
}

/** PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export function codeChallengeOf(codeVerifier: string): string {
  return base64url(sha256(utf8ToBytes(codeVerifier)));
}

/**
 * A fresh verifier, state and S256 challenge, 36 random bytes each (spec document 1 §4 OAuth).
 * SHA-256 comes from @noble/hashes rather than WebCrypto, which plain-http pages do not have.
 *
 * @example
 * const { codeVerifier, stateCode, codeChallenge } = createPkce();
 */
export function createPkce(): PkceValues {
  const codeVerifier = base64url(randomBytes(36));
  return {
    codeVerifier,
    stateCode: base64url(randomBytes(36)),
    codeChallenge: codeChallengeOf(codeVerifier),
  };
}
