import {
  isOAuthProvider,
  isOAuthProviderName,
  type OAuthProvider,
  type OAuthProviderName,
} from '@latchkey/protocol';
import type { AppRecord } from '../app-config/app-record.ts';
import {
  type AppleClientCredentials,
  type CustomOidcCredentials,
  oauthSecretContext,
} from '../app-config/oauth-credentials.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { ProviderClient } from './providers/provider.ts';

/** How providers are named in messages. */
const labels: Record<OAuthProvider, string> = {
  google: 'Google',
  twitter: 'X (Twitter)',
  discord: 'Discord',
  github: 'GitHub',
  spotify: 'Spotify',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  line: 'LINE',
  linkedin: 'LinkedIn',
  apple: 'Apple',
};

export const providerLabel = (provider: OAuthProviderName): string =>
  isOAuthProvider(provider) ? labels[provider] : provider;

/**
 * A provider id from a request: one of the ten, or `custom:{name}`; anything else is refused
 * before the app is consulted.
 */
export function parseProvider(value: string): OAuthProviderName {
  if (isOAuthProviderName(value)) return value;
  throw new ApiError(
    'invalid_data',
    'Invalid provider: must be one of the OAuth providers or custom:<name>.',
  );
}

/** Refuses a provider the app has not turned on (`{provider}_oauth`, or its custom entry's `enabled`). */
export function assertProviderEnabled(app: AppRecord, provider: OAuthProviderName): void {
  const enabled = isOAuthProvider(provider)
    ? app.config[`${provider}_oauth`]
    : app.config.custom_oauth_providers.some((p) => p.provider === provider && p.enabled);
  if (!enabled)
    throw new ApiError(
      'disallowed_login_method',
      `${providerLabel(provider)} login is not enabled for this app.`,
    );
}

/**
 * The app's client at `provider`, its secrets opened; `not_supported`, naming what is missing,
 * when the app has not configured it.
 */
export function providerClient(
  ctx: ServerContext,
  app: AppRecord,
  provider: OAuthProviderName,
): ProviderClient {
  const entry = app.settings.oauth_credentials[provider];
  const notConfigured = (missing: string[]) =>
    new ApiError(
      'not_supported',
      `${providerLabel(provider)} login is not configured for this app (missing oauth_credentials.${provider}: ${missing.join(', ')}).`,
    );
  const open = (field: string, sealed: string) =>
    new TextDecoder().decode(ctx.secretBox.open(sealed, oauthSecretContext(app.id, provider, field)));
  if (provider === 'apple') {
    const apple = (entry ?? {}) as AppleClientCredentials;
    const missing = (['client_id', 'team_id', 'key_id', 'private_key'] as const).filter((f) => !apple[f]);
    if (missing.length > 0) throw notConfigured(missing);
    return {
      clientId: apple.client_id!,
      apple: {
        teamId: apple.team_id!,
        keyId: apple.key_id!,
        privateKey: open('private_key', apple.private_key!),
      },
      scopes: apple.scopes,
    };
  }
  const client = (entry ?? {}) as CustomOidcCredentials;
  const required = provider.startsWith('custom:')
    ? (['issuer', 'client_id', 'client_secret'] as const)
    : (['client_id', 'client_secret'] as const);
  const missing = required.filter((f) => !client[f]);
  if (missing.length > 0) throw notConfigured(missing);
  return {
    clientId: client.client_id!,
    clientSecret: open('client_secret', client.client_secret!),
    scopes: client.scopes,
    issuer: client.issuer,
  };
}
