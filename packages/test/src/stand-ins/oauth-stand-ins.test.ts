import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OAuthStandIns, startOAuthStandIns } from './oauth-stand-ins.ts';
import { followOAuthFlow, OAuthFlowError } from './oauth-user-agent.ts';

const redirectUri = 'http://127.0.0.1:9/api/v1/oauth/callback';

/** An authorization request as a client would send it to `endpoint`. */
function authorizeUrl(endpoint: string, clientId: string, extra: Record<string, string> = {}): string {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'st',
    nonce: 'nn',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return url.href;
}

/**
 * The consent page a browser e2e test clicks through when no decision is queued: it lists the
 * known accounts, and "Approve as …" or "Deny" finishes the authorization, at both stand-ins.
 */
describe('the OAuth stand-ins’ consent page', () => {
  let standIns: OAuthStandIns;
  beforeAll(async () => {
    standIns = await startOAuthStandIns();
    standIns.allowCallback('http://127.0.0.1:9');
    await standIns.appPatch();
    standIns.oidc.addAccount({ sub: 'alice', name: 'Alice', email: 'alice@example.com' });
    standIns.social.addAccount({ sub: '7', username: 'bob' });
  });
  afterAll(() => standIns.close());

  const endpoints = () => ({
    oidc: authorizeUrl(standIns.oauthEndpoints.google!.authorization_endpoint!, 'google-client'),
    social: authorizeUrl(
      standIns.oauthEndpoints.github!.authorization_endpoint!,
      standIns.social.credentials('github').client_id,
    ),
  });

  it.each(['oidc', 'social'] as const)(
    '%s: shows the accounts and Deny when nothing is queued',
    async (kind) => {
      const error = await followOAuthFlow(endpoints()[kind], redirectUri).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OAuthFlowError);
      const page = (error as OAuthFlowError).body;
      expect(page).toContain(kind === 'oidc' ? 'lk-standin-approve-alice' : 'lk-standin-approve-7');
      expect(page).toContain('lk-standin-deny');
    },
  );

  it.each([
    ['oidc', 'alice'],
    ['social', '7'],
  ] as const)('%s: "Approve as" comes back with a code, "Deny" with access_denied', async (kind, sub) => {
    const approved = await followOAuthFlow(endpoints()[kind], redirectUri, { click: { approve: sub } });
    expect(approved.searchParams.get('code')).toBeTruthy();
    expect(approved.searchParams.get('state')).toBe('st');
    const denied = await followOAuthFlow(endpoints()[kind], redirectUri, { click: { deny: true } });
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st');
  });
});
