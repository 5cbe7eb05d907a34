import { oauthDeniedCode, oauthReturnParams } from '@latchkey/protocol';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { claimRequest, issueCode, type OAuthRequest, type ProviderAnswer } from './flows.ts';
import { acceptRedirectTarget } from './redirect-target.ts';

/** What a refusal at the provider arrives as: RFC 6749's `access_denied`, Apple's own on cancel. */
const refusals = new Set(['access_denied', 'user_cancelled_authorize']);

/**
 * A plain page for a callback that leads nowhere (an unknown, used or expired state): never a
 * redirect, and nothing of the request reflected in it.
 */
function errorPage(c: Context<AppEnv>, status: 400 | 429, message: string): Response {
  const html = `<!doctype html><meta charset="utf-8"><title>Login failed</title><p>${message}</p>`;
  return c.body(html, status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'",
    'referrer-policy': 'no-referrer',
  });
}

const expired = 'This login link is not valid or has expired. Go back to the app and try again.';

/** What the provider answered, as the code row keeps it. */
function providerAnswer(params: URLSearchParams): ProviderAnswer {
  const error = params.get('error');
  if (error) {
    const description = params.get('error_description');
    return { error: description ? `${error}: ${description}` : error };
  }
  const code = params.get('code');
  if (!code) return { error: 'the provider answered without a code' };
  return { code, iss: params.get('iss') ?? undefined };
}

/**
 * The provider's return to the server (`GET`, or Apple's form `POST`): finds the login by its
 * state (once), and sends the browser back to the app's `redirect_to` with `privy_oauth_code` (a
 * Latchkey code for what the provider answered; `undefined` when the user refused),
 * `privy_oauth_state` (the client's state) and `privy_oauth_provider`.
 */
export async function oauthCallback(
  ctx: ServerContext,
  c: Context<AppEnv>,
  params: URLSearchParams,
): Promise<Response> {
  try {
    await ctx.rateLimits.consume('verifyIp', clientIp(c, ctx.settings.trustProxy));
  } catch (error) {
    if (error instanceof ApiError) return errorPage(c, 429, 'Too many attempts. Try again later.');
    throw error;
  }
  const state = params.get('state');
  if (!state || state.length > 512) return errorPage(c, 400, expired);
  const request = await claimRequest(ctx.db, state, ctx.now());
  if (!request) return errorPage(c, 400, expired);
  const target = await returnTarget(ctx, request);
  if (!target)
    return errorPage(c, 400, 'This app no longer accepts this login. Go back to the app and try again.');
  const answer = providerAnswer(params);
  const code =
    'error' in answer && refusals.has(answer.error.split(':')[0]!)
      ? oauthDeniedCode
      : await issueCode(ctx, request, answer);
  target.searchParams.set(oauthReturnParams.code, code);
  target.searchParams.set(oauthReturnParams.state, request.client_state);
  target.searchParams.set(oauthReturnParams.provider, request.provider);
  // A form POST (Apple) is answered 303, so the browser fetches the app's page with GET.
  return c.body(null, c.req.method === 'POST' ? 303 : 302, {
    location: target.href,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
}

/** `redirect_to`, checked again against the app as it is now (its domains may have changed). */
async function returnTarget(ctx: ServerContext, request: OAuthRequest): Promise<URL | null> {
  const app = await ctx.apps.load(request.app_id);
  if (!app) return null;
  try {
    const url = new URL(request.redirect_to);
    return new URL(acceptRedirectTarget(app, request.redirect_to, url.origin));
  } catch {
    return null;
  }
}
