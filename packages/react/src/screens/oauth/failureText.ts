import { LatchkeyError } from '@latchkey/core';
import { en } from '../../copy/en.ts';

/**
 * What the failure screen says: the spec's texts for a return that fails its checks, Latchkey's
 * own for a refusal at the provider or a closed popup, else the error's message.
 */
export function oauthFailureText(error: unknown, name: string): string {
  if (error === undefined) return en.oauth.popupClosed(name);
  if (!(error instanceof LatchkeyError)) return en.pleaseTryAgain;
  switch (error.code) {
    case 'oauth_user_denied':
      return en.oauth.denied(name);
    case 'pkce_state_code_mismatch':
      return en.oauth.phishing;
    case 'oauth_unexpected':
      return en.oauth.noVerifier;
    default:
      return error.message || en.pleaseTryAgain;
  }
}
