import {
  type AppleClientCredentials,
  type CustomOidcCredentials,
  isOAuthProvider,
  type OAuthClientCredentials,
  type OAuthCredentials,
  type OAuthCredentialsEntry,
  oauthProviders,
} from '@latchkey/protocol';
import { z } from 'zod';

/**
 * An app's credentials at its OAuth providers (server settings, never public). Secrets are sealed
 * before they are stored (apps/app-service.ts) and shown by the admin API only as set or not.
 * A patch may set some fields of a provider (rotate a secret alone); `null` removes a provider.
 */

// The entries' wire types are the admin API's (protocol api/admin.ts); stored, their secrets are sealed.
export type {
  AppleClientCredentials,
  CustomOidcCredentials,
  OAuthClientCredentials,
  OAuthCredentials,
  OAuthCredentialsEntry,
};

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

/**
 * `oauth_credentials` in a settings patch: each key a provider id, each value its entry or null.
 * Read as a record and checked entry by entry (an entry's schema depends on its key), so its input
 * type is stated: what the checks let through.
 */
export const oauthCredentialsPatch = z.record(z.string(), z.unknown()).transform((value, ctx) => {
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
}) as z.ZodType<OAuthCredentials, Record<string, OAuthCredentialsEntry | null>>;

/** The AAD binding a sealed OAuth secret to its app, provider and field. */
export const oauthSecretContext = (appId: string, provider: string, field: string) =>
  `oauth-secret:${appId}:${provider}:${field}`;
