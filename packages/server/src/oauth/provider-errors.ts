import type { OAuthProviderName } from '@latchkey/protocol';
import * as oauth from 'oauth4webapi';
import { ApiError } from '../http/api-error.ts';
import type { Logger } from '../logger.ts';
import { providerLabel } from './credentials.ts';
import { InsecureEndpointError } from './endpoints.ts';
import { AccountSuspendedError, ProviderResponseError } from './providers/provider.ts';

/**
 * The spec's error for a failure talking to a provider, logged without secrets (names, codes and
 * messages only; never tokens, codes or response bodies):
 * - the provider says the account is suspended: `oauth_account_suspended`;
 * - it refused the code, or what it answered fails a check (ID token issuer, audience, nonce,
 *   expiry, signature; a response this server cannot read): `invalid_credentials`;
 * - the server's own configuration is wrong (an http endpoint): `not_supported`;
 * - it cannot be reached: a 502.
 */
export function providerFailure(
  log: Logger,
  provider: OAuthProviderName,
  error: unknown,
  stage: 'init' | 'exchange' = 'exchange',
): ApiError {
  if (error instanceof ApiError) return error;
  const label = providerLabel(provider);
  const fields = {
    provider,
    error: error instanceof Error ? error.name : typeof error,
    code: (error as { code?: unknown }).code,
    message: error instanceof Error ? error.message.slice(0, 300) : undefined,
  };
  if (error instanceof AccountSuspendedError) return new ApiError('oauth_account_suspended');
  if (error instanceof oauth.ResponseBodyError) {
    log.info('oauth provider refused the code', { ...fields, oauth_error: error.error });
    return new ApiError('invalid_credentials', `${label} refused the authorization code (${error.error}).`);
  }
  if (stage === 'init' && error instanceof oauth.OperationProcessingError) {
    // At init the only answer read is a custom provider's discovery document.
    log.error('oauth provider discovery failed', fields);
    return new ApiError(
      'not_supported',
      `${label}'s OpenID configuration could not be read: ${fields.message}`,
    );
  }
  if (
    error instanceof oauth.OperationProcessingError ||
    error instanceof oauth.UnsupportedOperationError ||
    error instanceof oauth.AuthorizationResponseError ||
    error instanceof oauth.WWWAuthenticateChallengeError ||
    error instanceof ProviderResponseError
  ) {
    log.info('oauth provider answer failed its checks', fields);
    return new ApiError(
      'invalid_credentials',
      `${label}'s answer did not pass its checks: ${fields.message}`,
    );
  }
  if (error instanceof InsecureEndpointError) {
    log.error('oauth provider misconfigured', fields);
    return new ApiError('not_supported', `${label} login is misconfigured on this server: ${error.message}.`);
  }
  log.error('oauth provider unreachable', fields);
  return new ApiError('internal_error', `${label} could not be reached. Try again later.`, { status: 502 });
}
