import { type AppResponse, isOAuthProvider, type OAuthProviderName } from '@latchkey/protocol';
import { en } from '../copy/en.ts';

/**
 * How the modal names a social provider: the ten by their names, a custom provider by the display
 * name the app gave it (`custom_oauth_providers`), else by its id.
 *
 * @example
 * providerName('github', app) // 'GitHub'
 */
export function providerName(provider: OAuthProviderName | string, app: AppResponse | null): string {
  if (isOAuthProvider(provider)) return en.providerNames[provider];
  const custom = app?.custom_oauth_providers?.find((p) => p.provider === provider);
  return custom?.provider_display_name || provider.replace(/^(custom|privy):/, '');
}
