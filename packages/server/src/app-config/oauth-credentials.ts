import { isOAuthProvider, type OAuthProvider, oauthProviders } from '@latchkey/protocol';
import { z } from 'zod';

/**
 * An app's credentials at its OAuth providers (server settings, never public). Secrets are sealed
 * before they are stored (apps/app-service.ts) and shown by the admin API only as set or not.
 * A patch may set some fields of a provider (rotate a secret alone); `null` removes a provider.
 */

/** A provider's OAuth client: the id and secret it issued, and scopes beyond the defaults' place. */
export interface OAuthClientCredentials {
  client_id?: string;
  /** Sealed at rest (`v1.…`). */
  client_secret?: string;
  /** Replaces the provider's default scopes. */
  scopes?: string[];
}

/**
 * Sign in with Apple: the Services ID, and the key the client secret is signed with (an ES256 JWT
 * made per request, as Apple requires).
 */
export interface AppleClientCredentials {
  /** The Services ID. */
  client_id?: string;
  team_id?: string;
  key_id?: string;
  /** The `.p8` key, PKCS#8 PEM; sealed at rest. */
  private_key?: string;
  scopes?: string[];
}

/** A custom OpenID provider (`custom:{name}`): discovered from its issuer. */
export interface CustomOidcCredentials extends OAuthClientCredentials {
  issuer?: string;
}

export type OAuthCredentialsEntry = OAuthClientCredentials | AppleClientCredentials | CustomOidcCredentials;

/** `oauth_credentials`: per provider id (`google`, …, `custom:{name}`); null: none. */
export type OAuthCredentials = Partial<
  Record<OAuthProvider | `custom:${string}`, OAuthCredentialsEntry | null>
>;

/** The fields of each kind of entry that are secrets: sealed at rest, never shown. */
export const secretCredentialFields = ['client_secret', 'private_key'] as const;

const customProviderId = /^custom:[a-z0-9_-]{1,50}$/;
const text = (max: number) => z.string().min(1).max(max);
const scopes = z
  .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,200}$/, 'must be a scope token'))
  .max(50);
const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

const clientCredentials = z
  .object({ client_id: text(500), client_secret: text(4096), scopes })
  .partial()
  .strict();
const appleCredentials = z
  .object({
    client_id: text(500),
    team_id: z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Apple team id'),
    key_id: z.string().regex(/^[A-Z0-9]{10}$/, 'must be the 10-character key id'),
    private_key: text(8192).refine(
      (pem) => /^-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----\s*$/.test(pem.trim()),
      'must be the .p8 key (PKCS#8 PEM)',
    ),
    scopes,
  })
  .partial()
  .strict();
const customCredentials = clientCredentials.extend({ issuer: httpUrl }).partial().strict();

/** The schema of an entry for `provider`, or null for an id that names no provider. */
function entrySchema(provider: string): z.ZodType<OAuthCredentialsEntry> | null {
  if (provider === 'apple') return appleCredentials;
  if (isOAuthProvider(provider)) return clientCredentials;
  if (customProviderId.test(provider)) return customCredentials;
  return null;
}

/** `oauth_credentials` in a settings patch: each key a provider id, each value its entry or null. */
export const oauthCredentialsPatch: z.ZodType<OAuthCredentials> = z
  .record(z.string(), z.unknown())
  .transform((value, ctx) => {
    const out: Record<string, OAuthCredentialsEntry | null> = {};
    for (const [provider, entry] of Object.entries(value)) {
      const schema = entrySchema(provider);
      if (!schema) {
        ctx.addIssue({
          code: 'custom',
          path: [provider],
          message: `unknown OAuth provider (one of ${oauthProviders.join(', ')}, or custom:<name>)`,
        });
        return z.NEVER;
      }
      if (entry === null) {
        out[provider] = null;
        continue;
      }
      const parsed = schema.safeParse(entry);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: [provider, ...issue.path], message: issue.message });
        return z.NEVER;
      }
      out[provider] = parsed.data;
    }
    return out as OAuthCredentials;
  });

/** The AAD binding a sealed OAuth secret to its app, provider and field. */
export const oauthSecretContext = (appId: string, provider: string, field: string) =>
  `oauth-secret:${appId}:${provider}:${field}`;
