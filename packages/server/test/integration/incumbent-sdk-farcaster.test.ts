import { buildSiweMessage } from '@latchkey/protocol';
import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import type { PrivateKeyAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRegistry } from '../fixtures/farcaster-registry.ts';
import { incumbentSdk, realFetch, restoreFetch } from '../fixtures/incumbent-sdk.ts';

/**
 * The incumbent's own client (`@privy-io/js-sdk-core` 0.76.2, unmodified) logs in with Farcaster
 * against Latchkey: `auth.farcaster.initializeAuth`, `getFarcasterStatus` (the channel token in its
 * header), `authenticate`, `link` and `unlink`, and the Mini App's `auth.farcasterV2`; the Farcaster
 * app's part is played on the embedded relay, the registries in memory.
 */
describe.each(dialects)('the incumbent’s js-sdk-core Farcaster login against Latchkey (%s)', (dialect) => {
  let t: TestServer;
  const registry = new MemoryRegistry();
  const relayKey = 'sdk-relay-key-0123456789abcdef';

  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true, settings: { farcaster: { registry, relayKey } } });
  });
  afterEach(restoreFetch);
  afterAll(() => t.close());

  const sdk = (appId: string) => incumbentSdk(t, appId);

  const farcasterUser = () => {
    const account = privateKeyToAccount(generatePrivateKey());
    return { account, fid: registry.register(account.address) };
  };

  const siwf = (account: PrivateKeyAccount, fid: number, nonce: string) =>
    buildSiweMessage({
      domain: 'app.test',
      address: account.address,
      statement: 'Farcaster Auth',
      uri: 'http://app.test',
      chainId: 10,
      nonce,
      issuedAt: new Date(t.ctx.now() * 1000).toISOString(),
      resources: [`farcaster://fid/${fid}`],
    });

  /** The SDK's channel, completed by "the Farcaster app" on the relay, and read back by the SDK. */
  async function signInWithChannel(privy: ReturnType<typeof sdk>, user: ReturnType<typeof farcasterUser>) {
    const { channel_token, connect_uri } = await privy.auth.farcaster.initializeAuth({});
    expect(connect_uri).toContain(`channelToken=${channel_token}`);
    const pending = await privy.auth.farcaster.getFarcasterStatus({ channel_token });
    expect(pending.state).toBe('pending');
    const message = siwf(user.account, user.fid, pending.nonce);
    const signature = await user.account.signMessage({ message });
    const done = await realFetch(`${t.url}/farcaster-relay/v1/channel/authenticate`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${channel_token}`,
        'x-farcaster-auth-relay-key': relayKey,
      },
      body: JSON.stringify({ message, signature, fid: user.fid, username: 'sdk-user' }),
    });
    expect(done.status).toBe(201);
    const completed = await privy.auth.farcaster.getFarcasterStatus({ channel_token });
    expect(completed).toMatchObject({ state: 'completed', fid: user.fid, username: 'sdk-user' });
    return { channel_token, message, signature, fid: user.fid };
  }

  it('logs in through a channel: init, status until completed, authenticate', async () => {
    const { app } = await t.createApp({ farcaster_auth: true });
    const privy = sdk(app.id);
    await privy.initialize();
    const user = farcasterUser();
    const session = await privy.auth.farcaster.authenticate(await signInWithChannel(privy, user));
    expect(session.is_new_user).toBe(true);
    expect(session.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'farcaster',
        fid: user.fid,
        owner_address: user.account.address,
        username: 'sdk-user',
      }),
    ]);
  });

  it('links a Farcaster account to an email user, and unlinks it', async () => {
    const { app } = await t.createApp({ farcaster_auth: true });
    const privy = sdk(app.id);
    await privy.initialize();
    await privy.auth.email.sendCode('fc-sdk@example.com');
    const code = /\b(\d{6})\b/.exec(t.latchkey.devOutbox!.list(app.id, 'fc-sdk@example.com')[0]!.text)![1]!;
    await privy.auth.email.loginWithCode('fc-sdk@example.com', code);
    const user = farcasterUser();
    const linked = await privy.auth.farcaster.link(await signInWithChannel(privy, user));
    expect(linked.user.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid: user.fid }),
    );
    const unlinked = await privy.auth.farcaster.unlink({ fid: user.fid });
    expect(unlinked.user.linked_accounts.map((a) => a.type)).toEqual(['email']);
  });

  it('logs in from a Mini App (v2)', async () => {
    const { app } = await t.createApp({ farcaster_auth: true });
    const privy = sdk(app.id);
    await privy.initialize();
    const user = farcasterUser();
    const { nonce } = await privy.auth.farcasterV2.initializeAuth();
    const message = siwf(user.account, user.fid, nonce);
    const session = await privy.auth.farcasterV2.authenticate({
      message,
      signature: await user.account.signMessage({ message }),
      fid: user.fid,
    });
    expect(session.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'farcaster', fid: user.fid }),
    ]);
  });
});
