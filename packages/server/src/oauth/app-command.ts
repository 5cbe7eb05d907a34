import { readFileSync } from 'node:fs';
import { isOAuthProvider } from '@latchkey/protocol';
import type { AppRecord } from '../app-config/app-record.ts';
import { appPatchCommand } from '../feature.ts';

/** The options of `latchkey apps oauth`. */
export interface OAuthCommandOptions {
  'client-id'?: string | undefined;
  'client-secret-file'?: string | undefined;
  'team-id'?: string | undefined;
  'key-id'?: string | undefined;
  'private-key-file'?: string | undefined;
  issuer?: string | undefined;
  scopes?: string | undefined;
  'display-name'?: string | undefined;
}

/** `latchkey apps oauth APP_ID PROVIDER …`: a provider's OAuth client, and the provider turned on. */
export const oauthAppCommand = appPatchCommand({
  name: 'oauth',
  args: ['PROVIDER'],
  synopsis:
    "--client-id ID [--client-secret-file FILE] [--scopes 'a b'] [--team-id T --key-id K --private-key-file KEY.p8] [--issuer URL --display-name NAME]",
  summary: "Sets a provider's OAuth client (secrets read from files) and turns the provider on.",
  details: [
    'PROVIDER is one of google, twitter, discord, github, spotify, instagram, tiktok, line, twitch,',
    'linkedin, apple, or custom:<name> (an OpenID Connect provider at --issuer).',
    'Secrets come from files so they never sit in shell history or `ps`.',
  ].join('\n'),
  options: {
    'client-id': { type: 'string' },
    'client-secret-file': { type: 'string' },
    'team-id': { type: 'string' },
    'key-id': { type: 'string' },
    'private-key-file': { type: 'string' },
    issuer: { type: 'string' },
    scopes: { type: 'string' },
    'display-name': { type: 'string' },
  },
  patch: (app, values, [provider]) => oauthCredentialsPatch(app, provider!, values),
});

/** A secret read from a file (so it never sits in shell history or `ps`), without its final newline. */
const secretFile = (path: string) => readFileSync(path, 'utf8').replace(/\r?\n$/, '');

/**
 * The app patch `latchkey apps oauth <id> <provider> …` applies: the provider's credentials (secrets
 * read from files), and the provider turned on (`{provider}_oauth`, or the custom provider's entry
 * in `custom_oauth_providers`).
 */
export function oauthCredentialsPatch(app: AppRecord, provider: string, options: OAuthCommandOptions) {
  const custom = /^custom:[a-z0-9_-]{1,50}$/.test(provider);
  if (!isOAuthProvider(provider) && !custom)
    throw new Error(`Unknown provider "${provider}": one of the ten OAuth providers, or custom:<name>`);
  const entry: Record<string, unknown> = {};
  if (options['client-id']) entry.client_id = options['client-id'];
  if (options['client-secret-file']) entry.client_secret = secretFile(options['client-secret-file']);
  if (options['team-id']) entry.team_id = options['team-id'];
  if (options['key-id']) entry.key_id = options['key-id'];
  if (options['private-key-file']) entry.private_key = secretFile(options['private-key-file']);
  if (options.issuer) entry.issuer = options.issuer;
  if (options.scopes) entry.scopes = options.scopes.split(/[\s,]+/).filter(Boolean);
  const patch: Record<string, unknown> = { oauth_credentials: { [provider]: entry } };
  if (!custom) patch[`${provider}_oauth`] = true;
  else {
    const others = app.config.custom_oauth_providers.filter((p) => p.provider !== provider);
    const existing = app.config.custom_oauth_providers.find((p) => p.provider === provider);
    patch.custom_oauth_providers = [
      ...others,
      {
        provider,
        provider_display_name:
          options['display-name'] ?? existing?.provider_display_name ?? provider.slice(7),
        provider_icon_url: existing?.provider_icon_url ?? null,
        enabled: true,
      },
    ];
  }
  return patch;
}
