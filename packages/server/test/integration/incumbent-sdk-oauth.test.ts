import { dialects, startTestServer, type TestServer, testOrigin } from '@latchkey/test/server';
import { followOAuthFlow, type OAuthStandIns, startOAuthStandIns } from '@latchkey/test/stand-ins';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { incumbentSdk, restoreFetch } from '../fixtures/incumbent-sdk.ts';

/**
 * The incumbent's own client (`@privy-io/js-sdk-core`, unmodified) logs in with OAuth against
 * Latchkey: `auth.oauth.generateURL` starts the flow (its own PKCE and state, kept in its storage),
 * the browser goes through the provider and the server's callback, and `auth.oauth.loginWithCode`
 * redeems the `privy_oauth_code` it was sent back with.
 */
describe.each(dialects)('the incumbent’s js-sdk-core OAuth flow against Latchkey (%s)', (dialect) => {
  let t: TestServer;
  let standIns: OAuthStandIns;

  beforeAll(async () => {
    standIns = await startOAuthStandIns();
    t = await startTestServer(dialect, {
      listen: true,
      settings: { oauthEndpoints: standIns.oauthEndpoints },
    });
    standIns.allowCallback(t.url);
  });
  afterEach(restoreFetch);
  afterAll(async () => {
    await t.close();
    await standIns.close();
  });

  const sdk = (appId: string) => incumbentSdk(t, appId);

  it.each(['google', 'github', 'apple'] as const)(
    'logs in with %s and comes back with a session',
    async (provider) => {
      const { client } = await t.createApp(await standIns.appPatch());
      const privy = sdk(client.appId);
      await privy.initialize();
      const { url } = await privy.auth.oauth.generateURL(provider, `${testOrigin}/after-login`);
      standIns.approveNextAs(provider, {
        sub: '424242',
        username: 'octo',
        name: 'Octo Cat',
        email: 'octo@example.com',
      });
      const back = await followOAuthFlow(url, testOrigin);
      expect(back.searchParams.get('privy_oauth_provider')).toBe(provider);
      const session = await privy.auth.oauth.loginWithCode(
        back.searchParams.get('privy_oauth_code')!,
        back.searchParams.get('privy_oauth_state')!,
        provider,
      );
      expect(session.is_new_user).toBe(true);
      expect(session.user.linked_accounts).toEqual([
        expect.objectContaining({ type: `${provider}_oauth`, subject: '424242' }),
      ]);
      // The SDK keeps the session: its user call reaches Latchkey with the token it stored.
      const me = await privy.user.get();
      expect(me.user.id).toBe(session.user.id);
    },
  );

  it('refuses a returned state other than the one it stored (pkce_state_code_mismatch)', async () => {
    const { client } = await t.createApp(await standIns.appPatch());
    const privy = sdk(client.appId);
    await privy.initialize();
    const { url } = await privy.auth.oauth.generateURL('google', `${testOrigin}/after-login`);
    standIns.approveNextAs('google', { sub: '77', email: 'x@example.com' });
    const back = await followOAuthFlow(url, testOrigin);
    await expect(
      privy.auth.oauth.loginWithCode(back.searchParams.get('privy_oauth_code')!, 'forged-state', 'google'),
    ).rejects.toMatchObject({ code: 'pkce_state_code_mismatch' });
  });
});
