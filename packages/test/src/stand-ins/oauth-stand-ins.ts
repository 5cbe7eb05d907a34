import type { StandInAccount } from './oauth-approvals.ts';
import { type OidcStandIn, startOidcStandIn } from './oidc-stand-in.ts';
import {
  type SocialStandIn,
  type SocialStandInProvider,
  socialStandInProviders,
  startSocialStandIn,
} from './social-stand-in.ts';

/** The ten providers, and the custom OpenID provider the stand-ins register (`custom:acme`). */
export type StandInProvider = 'google' | 'linkedin' | 'apple' | SocialStandInProvider | `custom:${string}`;

export const customStandInProvider = 'custom:acme';

export interface OAuthStandIns {
  oidc: OidcStandIn;
  social: SocialStandIn;
  /** The server setting `oauthEndpoints` that sends the ten providers to the stand-ins. */
  oauthEndpoints: Record<string, Record<string, string>>;
  /** Registers the server's callback (`{server}/api/v1/oauth/callback`) with every stand-in client. */
  allowCallback(serverUrl: string): void;
  /**
   * An app patch turning on the ten providers and `custom:acme`, with the stand-ins' clients as
   * `oauth_credentials`.
   */
  appPatch(): Promise<Record<string, unknown>>;
  approveNextAs(provider: StandInProvider, account: StandInAccount): void;
  denyNext(provider: StandInProvider): void;
  close(): Promise<void>;
}

const oidcProviders = new Set(['google', 'linkedin', 'apple']);
const standInOf = (provider: string) =>
  oidcProviders.has(provider) || provider.startsWith('custom:') ? 'oidc' : 'social';

/**
 * Both stand-ins, wired for a Latchkey server: start them, create the server with
 * `settings: { oauthEndpoints }`, then `allowCallback(server.url)` and create apps with `appPatch()`.
 *
 * @example
 * const standIns = await startOAuthStandIns();
 * const t = await startTestServer(dialect, { listen: true, settings: { oauthEndpoints: standIns.oauthEndpoints } });
 * standIns.allowCallback(t.url);
 * const { client } = await t.createApp(await standIns.appPatch());
 */
export async function startOAuthStandIns(): Promise<OAuthStandIns> {
  const [oidc, social] = await Promise.all([startOidcStandIn(), startSocialStandIn()]);
  const oauthEndpoints: Record<string, Record<string, string>> = {
    google: oidc.endpoints(),
    linkedin: oidc.endpoints(),
    apple: oidc.endpoints({ userinfo: false }),
  };
  for (const provider of socialStandInProviders) oauthEndpoints[provider] = social.endpoints(provider);
  let apple: Awaited<ReturnType<OidcStandIn['appleClient']>> | null = null;
  return {
    oidc,
    social,
    oauthEndpoints,
    allowCallback(serverUrl) {
      const callback = `${serverUrl}/api/v1/oauth/callback`;
      oidc.allowRedirectUri(callback);
      social.allowRedirectUri(callback);
    },
    async appPatch() {
      apple ??= await oidc.appleClient('latchkey');
      const credentials: Record<string, unknown> = {
        google: oidc.client('google'),
        linkedin: oidc.client('linkedin'),
        apple,
        [customStandInProvider]: { issuer: oidc.issuer, ...oidc.client('acme', 'client_secret_basic') },
      };
      const switches: Record<string, boolean> = {
        google_oauth: true,
        linkedin_oauth: true,
        apple_oauth: true,
      };
      for (const provider of socialStandInProviders) {
        credentials[provider] = social.credentials(provider);
        switches[`${provider}_oauth`] = true;
      }
      return {
        ...switches,
        custom_oauth_providers: [
          {
            provider: customStandInProvider,
            provider_display_name: 'Acme',
            provider_icon_url: null,
            enabled: true,
          },
        ],
        oauth_credentials: credentials,
      };
    },
    approveNextAs: (provider, account) =>
      (standInOf(provider) === 'oidc' ? oidc : social).approveNextAs(account),
    denyNext: (provider) => (standInOf(provider) === 'oidc' ? oidc : social).denyNext(),
    async close() {
      await Promise.all([oidc.close(), social.close()]);
    },
  };
}
