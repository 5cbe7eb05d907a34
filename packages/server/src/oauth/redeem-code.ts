import { createHash } from 'node:crypto';
import type { OAuthProviderName } from '@latchkey/protocol';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { constantTimeEqual } from '../crypto/hash.ts';
import { ApiError } from '../http/api-error.ts';
import type { Verification } from '../login/identity-method.ts';
import type { CodeProof } from './bodies.ts';
import { assertProviderEnabled, providerClient } from './credentials.ts';
import type { ProviderEndpoints } from './endpoints.ts';
import { exchangeProviderCode } from './exchange.ts';
import { openCode, spendCode } from './flows.ts';
import { providerFailure } from './provider-errors.ts';
import { callbackUrl } from './start-login.ts';

/** A code proof whose shape is acceptable: what `redeemCode` spends. */
export interface AcceptedCode {
  code: string;
  state: string;
  verifier: string;
}

/**
 * The checks of a code proof that cost nothing: the flows this server does not serve are
 * `not_supported` (a provider's raw code from a native sign-in, a cross-app provider), and a
 * missing verifier is `invalid_pkce_parameters`.
 */
export function acceptCode(proof: CodeProof): AcceptedCode {
  if (proof.code_type === 'raw')
    throw new ApiError(
      'not_supported',
      'Provider codes from a native sign-in (code_type raw) are not supported by this server: use the redirect flow.',
    );
  if (proof.code_type !== undefined) throw new ApiError('invalid_data', "Invalid code_type: must be 'raw'.");
  if (proof.provider?.startsWith('privy:'))
    throw new ApiError('not_supported', 'Cross-app login is not supported by this server.');
  if (!proof.code_verifier) throw new ApiError('invalid_pkce_parameters', 'Missing code_verifier.');
  return { code: proof.authorization_code, state: proof.state_code, verifier: proof.code_verifier };
}

/** RFC 7636 §4.6: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))). */
const s256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/**
 * Redeems a `privy_oauth_code`: spends it first (whatever follows, it is gone), then the client
 * must show the state it started with (`oauth_state_mismatch`) and the verifier of its challenge
 * (`invalid_pkce_parameters`); then the provider's code is exchanged and its profile read.
 * An unknown, used, expired or other app's code is `invalid_credentials`.
 */
export async function redeemCode(
  ctx: ServerContext,
  endpoints: ProviderEndpoints,
  app: AppRecord,
  proof: AcceptedCode,
): Promise<Verification> {
  const row = await spendCode(ctx.db, app.id, proof.code, ctx.now());
  if (!row) throw new ApiError('invalid_credentials', 'Invalid or expired authorization code.');
  if (!constantTimeEqual(proof.state, row.client_state)) throw new ApiError('oauth_state_mismatch');
  if (!constantTimeEqual(s256(proof.verifier), row.code_challenge))
    throw new ApiError('invalid_pkce_parameters');
  const provider = row.provider as OAuthProviderName;
  assertProviderEnabled(app, provider);
  const client = providerClient(ctx, app, provider);
  const { verifier, answer } = openCode(ctx, row);
  try {
    const { identity, tokens } = await exchangeProviderCode(endpoints, {
      provider,
      client,
      answer,
      verifier,
      nonce: row.nonce,
      redirectUri: callbackUrl(ctx),
    });
    return { identity, answer: app.settings.return_oauth_tokens ? { oauth_tokens: tokens } : {} };
  } catch (error) {
    throw providerFailure(ctx.log, provider, error);
  }
}
