import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto/hash.ts';
import { randomId, randomToken } from '../crypto/random.ts';
import type { Database } from '../storage/schema.ts';
import type { OAuthCodesTable, OAuthRequestsTable } from './tables.ts';

/** A login at the provider may take this long (consent screens, two-factor prompts). */
export const requestTtlSeconds = 10 * 60;
/** A `privy_oauth_code` must be redeemed this soon after the callback. */
export const codeTtlSeconds = 5 * 60;

/** The AAD of a flow's sealed values: a ciphertext cannot be moved to another flow or field. */
export const flowSealContext = (flowId: string, field: 'verifier' | 'provider_code') =>
  `oauth-${field}:${flowId}`;

export type OAuthRequest = OAuthRequestsTable;
export type OAuthCode = OAuthCodesTable;

export interface NewRequest {
  appId: string;
  provider: string;
  redirectTo: string;
  clientState: string;
  codeChallenge: string;
  /** This server's PKCE verifier at the provider (sealed here). */
  providerVerifier: string;
  nonce: string | null;
}

/** Stores a login sent to a provider; returns the state to send it (only its hash is kept). */
export async function createRequest(
  ctx: ServerContext,
  request: NewRequest,
): Promise<{ state: string; flowId: string }> {
  const now = ctx.now();
  const state = randomToken(32);
  const flowId = randomId(25);
  await ctx.db
    .insertInto('oauth_requests')
    .values({
      state_hash: sha256Hex(state),
      flow_id: flowId,
      app_id: request.appId,
      provider: request.provider,
      redirect_to: request.redirectTo,
      client_state: request.clientState,
      code_challenge: request.codeChallenge,
      provider_verifier: ctx.secretBox.seal(
        new TextEncoder().encode(request.providerVerifier),
        flowSealContext(flowId, 'verifier'),
      ),
      nonce: request.nonce,
      created_at: now,
      expires_at: now + requestTtlSeconds,
    })
    .execute();
  return { state, flowId };
}

/**
 * Spends the login a provider's `state` names, or null when it is unknown, already used or
 * expired. One DELETE … RETURNING claims it, so of two racing callbacks one gets it.
 */
export async function claimRequest(
  db: Kysely<Database>,
  state: string,
  now: number,
): Promise<OAuthRequest | null> {
  const row = await db
    .deleteFrom('oauth_requests')
    .where('state_hash', '=', sha256Hex(state))
    .returningAll()
    .executeTakeFirst();
  return row && row.expires_at > now ? row : null;
}

/** What the provider answered at the callback: its code (and `iss`), or an error. */
export type ProviderAnswer = { code: string; iss?: string | undefined } | { error: string };

/**
 * Issues the Latchkey authorization code for a claimed request (`privy_oauth_code`): random,
 * stored as its SHA-256 with what the provider answered (its code sealed), for the same app.
 */
export async function issueCode(
  ctx: ServerContext,
  request: OAuthRequest,
  answer: ProviderAnswer,
): Promise<string> {
  const now = ctx.now();
  const code = randomToken(32);
  await ctx.db
    .insertInto('oauth_codes')
    .values({
      code_hash: sha256Hex(code),
      flow_id: request.flow_id,
      app_id: request.app_id,
      provider: request.provider,
      client_state: request.client_state,
      code_challenge: request.code_challenge,
      provider_verifier: request.provider_verifier,
      nonce: request.nonce,
      provider_code:
        'code' in answer
          ? ctx.secretBox.seal(
              new TextEncoder().encode(JSON.stringify(answer)),
              flowSealContext(request.flow_id, 'provider_code'),
            )
          : null,
      provider_error: 'error' in answer ? answer.error.slice(0, 500) : null,
      created_at: now,
      expires_at: now + codeTtlSeconds,
    })
    .execute();
  return code;
}

/**
 * Spends a Latchkey authorization code of `appId`, or null when it is unknown, used, expired or
 * another app's (which cannot burn it). One DELETE … RETURNING, like transfer nonces.
 */
export async function spendCode(
  db: Kysely<Database>,
  appId: string,
  code: string,
  now: number,
): Promise<OAuthCode | null> {
  const row = await db
    .deleteFrom('oauth_codes')
    .where('code_hash', '=', sha256Hex(code))
    .where('app_id', '=', appId)
    .returningAll()
    .executeTakeFirst();
  return row && row.expires_at > now ? row : null;
}

/** Opens a spent code's sealed values. */
export function openCode(ctx: ServerContext, code: OAuthCode): { verifier: string; answer: ProviderAnswer } {
  const open = (sealed: string, field: 'verifier' | 'provider_code') =>
    new TextDecoder().decode(ctx.secretBox.open(sealed, flowSealContext(code.flow_id, field)));
  const verifier = open(code.provider_verifier, 'verifier');
  const answer: ProviderAnswer = code.provider_code
    ? (JSON.parse(open(code.provider_code, 'provider_code')) as ProviderAnswer)
    : { error: code.provider_error ?? 'unknown_error' };
  return { verifier, answer };
}
