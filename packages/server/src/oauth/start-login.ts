import { type OAuthProviderName, routes } from '@latchkey/protocol';
import * as oauth from 'oauth4webapi';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { serverOrigin } from '../http/server-origin.ts';
import { providerClient } from './credentials.ts';
import type { ProviderEndpoints } from './endpoints.ts';
import { createRequest } from './flows.ts';
import { providerFailure } from './provider-errors.ts';

/** The redirect URI every provider is given: the server's callback on its public URL. */
export const callbackUrl = (ctx: ServerContext): string =>
  `${serverOrigin(ctx.settings)}${routes.oauthCallback}`;

export interface StartLoginParameters {
  provider: OAuthProviderName;
  /** Checked against the app's domains (redirect-target.ts). */
  redirectTo: string;
  clientState: string;
  codeChallenge: string;
}

/**
 * Starts a login at the provider: stores the flow (the client's state and challenge; this
 * server's own state, PKCE verifier and OpenID nonce) and answers the provider's authorization
 * URL, which asks it to come back to the server's callback.
 */
export async function startLogin(
  ctx: ServerContext,
  endpoints: ProviderEndpoints,
  app: AppRecord,
  params: StartLoginParameters,
): Promise<string> {
  const client = providerClient(ctx, app, params.provider);
  const resolved = await endpoints
    .resolve(params.provider, client)
    .catch((error: unknown) => Promise.reject(providerFailure(ctx.log, params.provider, error, 'init')));
  const { definition, as } = resolved;
  const verifier = oauth.generateRandomCodeVerifier();
  const nonce = definition.kind === 'openid' ? oauth.generateRandomNonce() : null;
  const { state } = await createRequest(ctx, {
    appId: app.id,
    provider: params.provider,
    redirectTo: params.redirectTo,
    clientState: params.clientState,
    codeChallenge: params.codeChallenge,
    providerVerifier: verifier,
    nonce,
  });
  const url = new URL(as.authorization_endpoint!);
  const query = url.searchParams;
  query.set('client_id', client.clientId);
  query.set('redirect_uri', callbackUrl(ctx));
  query.set('response_type', 'code');
  query.set('scope', (client.scopes ?? definition.scopes).join(definition.scopeSeparator ?? ' '));
  query.set('state', state);
  if (nonce) query.set('nonce', nonce);
  if (definition.pkce) {
    query.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    query.set('code_challenge_method', 'S256');
  }
  for (const [name, value] of Object.entries(definition.authorizationParameters ?? {}))
    query.set(name, value);
  definition.adjustAuthorization?.(query);
  return url.href;
}
