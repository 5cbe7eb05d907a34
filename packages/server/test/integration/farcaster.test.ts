import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSiweMessage } from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { decodeJwt } from 'jose';
import type { Address } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRegistry } from '../fixtures/farcaster-registry.ts';

/**
 * Farcaster login (docs/farcaster.md) against the registries in memory: channels through init, the
 * embedded relay (as the Farcaster app completes them) and status; SIWF messages signed by viem
 * accounts; login, link, unlink, transfer, the Mini App (v2) login, and the refusals.
 */

const relayKey = 'test-relay-key-0123456789abcdef';

const newAccount = () => privateKeyToAccount(generatePrivateKey());

interface WireUser {
  id: string;
  linked_accounts: Record<string, unknown>[];
}
interface Refusal {
  code: string;
  error: string;
  data: { nonce: string };
}

describe.each(dialects)('Farcaster login (%s)', (dialect) => {
  let t: TestServer;
  const registry = new MemoryRegistry();

  beforeAll(async () => {
    t = await startTestServer(dialect, { settings: { farcaster: { registry, relayKey } } });
  });
  afterAll(() => t.close());

  const farcasterApp = async (patch: Record<string, unknown> = {}) =>
    (await t.createApp({ farcaster_auth: true, ...patch })).client;

  /** A Farcaster user: a custody account registered with a new fid. */
  const farcasterUser = () => {
    const account = newAccount();
    return { account, fid: registry.register(account.address) };
  };

  const isoAt = (offset = 0) => new Date((t.ctx.now() + offset) * 1000).toISOString();

  function siwf(
    signer: Address,
    fid: number,
    nonce: string,
    patch: { domain?: string; chainId?: number; resources?: string[]; expirationTime?: string } = {},
  ): string {
    return buildSiweMessage({
      domain: patch.domain ?? 'app.test',
      address: signer,
      statement: 'Farcaster Auth',
      uri: 'http://app.test',
      chainId: patch.chainId ?? 10,
      nonce,
      issuedAt: isoAt(),
      resources: patch.resources ?? [`farcaster://fid/${fid}`],
      ...(patch.expirationTime ? { expirationTime: patch.expirationTime } : {}),
    });
  }

  const init = async (client: TestClient) => {
    const res = await client.post<{ channel_token: string; connect_uri: string }>(
      '/api/v1/farcaster/init',
      {},
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const status = (client: TestClient, token: string) =>
    client.request<Record<string, unknown>>('/api/v1/farcaster/status', {
      headers: { 'farcaster-channel-token': token },
    });
  const nonceOf = async (client: TestClient, token: string) => {
    const res = await status(client, token);
    expect(res.body.state).toBe('pending');
    return res.body.nonce as string;
  };
  /** The Farcaster app completing a channel on the embedded relay. */
  const relayAuthenticate = async (
    token: string,
    body: Record<string, unknown>,
    key: string | null = relayKey,
  ) => {
    const res = await t.fetch('/farcaster-relay/v1/channel/authenticate', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(key === null ? {} : { 'x-farcaster-auth-relay-key': key }),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  const profile = {
    username: 'alice',
    displayName: 'Alice',
    bio: 'gm',
    pfpUrl: 'https://pfp.test/alice.png',
  };

  /** The whole v1 flow up to the login call: init, the relay completion, the completed status. */
  async function completedChannel(client: TestClient, signer: PrivateKeyAccount, fid: number) {
    const { channel_token, connect_uri } = await init(client);
    expect(connect_uri).toBe(`https://farcaster.xyz/~/siwf?channelToken=${channel_token}`);
    const nonce = await nonceOf(client, channel_token);
    const message = siwf(signer.address, fid, nonce);
    const signature = await signer.signMessage({ message });
    const done = await relayAuthenticate(channel_token, { message, signature, fid, ...profile });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const completed = await status(client, channel_token);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body).toEqual({
      state: 'completed',
      nonce,
      message,
      signature,
      fid,
      username: 'alice',
      display_name: 'Alice',
      bio: 'gm',
      pfp_url: 'https://pfp.test/alice.png',
    });
    return { channel_token, message, signature, fid };
  }

  const authenticate = (client: TestClient, body: Record<string, unknown>) =>
    client.post<AuthBody & Refusal>('/api/v1/farcaster/authenticate', body);

  it('logs in end to end: init, the relay completion, status, authenticate; the same fid is the same user', async () => {
    const client = await farcasterApp();
    const { account, fid } = farcasterUser();
    const first = await authenticate(client, await completedChannel(client, account, fid));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.is_new_user).toBe(true);
    expect(first.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'farcaster',
        fid,
        owner_address: account.address,
        username: 'alice',
        display_name: 'Alice',
        bio: 'gm',
        profile_picture_url: 'https://pfp.test/alice.png',
      }),
    ]);
    const claims = decodeJwt(first.body.identity_token);
    expect(JSON.parse(claims.linked_accounts as string)).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid, username: 'alice', oa: account.address }),
    );
    const again = await authenticate(client, await completedChannel(client, account, fid));
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(first.body.user.id);
    expect(t.logs.join('\n')).not.toContain(relayKey);
  });

  it('accepts an auth address of the fid; refuses a signer that is neither custody nor auth address', async () => {
    const client = await farcasterApp();
    const { account, fid } = farcasterUser();
    const auth = newAccount();
    registry.addAuthAddress(fid, auth.address);
    const viaAuth = await authenticate(client, await completedChannel(client, auth, fid));
    expect(viaAuth.status, JSON.stringify(viaAuth.body)).toBe(200);
    // The account's owner is the custody address, whoever signed.
    expect(viaAuth.body.user.linked_accounts[0]).toMatchObject({ fid, owner_address: account.address });

    const stranger = newAccount();
    const refused = await authenticate(client, await completedChannel(client, stranger, fid));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      code: 'invalid_credentials',
      error: `The signer is neither the custody address nor an auth address of fid ${fid}.`,
    });
  });

  it('delivers a completion once and spends the channel once (replays refused)', async () => {
    const client = await farcasterApp();
    const { account, fid } = farcasterUser();
    const signIn = await completedChannel(client, account, fid);
    const reread = await status(client, signIn.channel_token);
    expect(reread.status).toBe(401);
    expect(reread.body).toMatchObject({ code: 'invalid_credentials' });
    expect((await authenticate(client, signIn)).status).toBe(200);
    const replay = await authenticate(client, signIn);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('invalid_credentials');
    // The relay's own status reads the same way once the channel is gone.
    const relay = await t.fetch('/farcaster-relay/v1/channel/status', {
      headers: { authorization: `Bearer ${signIn.channel_token}` },
    });
    expect(relay.status).toBe(401);
  });

  it('refuses a wrong nonce, domain, chain id or resource, and a fid that is not the message’s', async () => {
    const client = await farcasterApp();
    const { account, fid } = farcasterUser();
    const { channel_token } = await init(client);
    const nonce = await nonceOf(client, channel_token);
    const attempt = async (message: string, bodyFid = fid) =>
      authenticate(client, {
        channel_token,
        message,
        signature: await account.signMessage({ message }),
        fid: bodyFid,
      });
    const cases: [string, string, number, string][] = [
      ['nonce', siwf(account.address, fid, 'someOtherNonce123'), fid, 'invalid_credentials'],
      ['domain', siwf(account.address, fid, nonce, { domain: 'evil.test' }), fid, 'invalid_credentials'],
      ['chain id', siwf(account.address, fid, nonce, { chainId: 1 }), fid, 'invalid_data'],
      [
        'resource',
        siwf(account.address, fid, nonce, { resources: ['https://privy.io'] }),
        fid,
        'invalid_data',
      ],
      [
        'two resources',
        siwf(account.address, fid, nonce, { resources: [`farcaster://fid/${fid}`, 'farcaster://fid/1'] }),
        fid,
        'invalid_data',
      ],
      ['body fid', siwf(account.address, fid, nonce), fid + 1, 'invalid_credentials'],
      [
        'expired message',
        siwf(account.address, fid, nonce, { expirationTime: isoAt(-60) }),
        fid,
        'invalid_credentials',
      ],
    ];
    for (const [name, message, bodyFid, code] of cases) {
      const res = await attempt(message, bodyFid);
      expect(res.body.code, `${name}: ${JSON.stringify(res.body)}`).toBe(code);
    }
    // None of those spent the channel: the right message still logs in.
    const good = await attempt(siwf(account.address, fid, nonce));
    expect(good.status, JSON.stringify(good.body)).toBe(200);
  });

  it('refuses an expired channel, and another app’s channel token', async () => {
    const client = await farcasterApp();
    const other = await farcasterApp();
    const { account, fid } = farcasterUser();
    const signIn = await completedChannel(client, account, fid);
    const foreign = await authenticate(other, signIn);
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe('invalid_credentials');
    const { channel_token } = await init(client);
    expect((await status(other, channel_token)).status).toBe(401);

    const nonce = await nonceOf(client, channel_token);
    const message = siwf(account.address, fid, nonce);
    const signature = await account.signMessage({ message });
    t.advance(3601);
    try {
      expect((await status(client, channel_token)).status).toBe(401);
      const late = await authenticate(client, { channel_token, message, signature, fid });
      expect(late.body.code).toBe('invalid_credentials');
    } finally {
      t.advance(-3601);
    }
  });

  it('the relay completes a channel only with the relay key, and only with its own nonce', async () => {
    const client = await farcasterApp();
    const { account, fid } = farcasterUser();
    const { channel_token } = await init(client);
    const nonce = await nonceOf(client, channel_token);
    const message = siwf(account.address, fid, nonce);
    const signature = await account.signMessage({ message });
    for (const key of [null, 'wrong-relay-key-0123456789abcdef']) {
      const res = await relayAuthenticate(channel_token, { message, signature, fid }, key);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('invalid_credentials');
    }
    const foreign = siwf(account.address, fid, 'anotherNonce12345');
    const wrong = await relayAuthenticate(channel_token, {
      message: foreign,
      signature: await account.signMessage({ message: foreign }),
      fid,
    });
    expect(wrong.status).toBe(401);
    expect((await status(client, channel_token)).body.state).toBe('pending');
    expect(t.logs.join('\n')).not.toContain(relayKey);
  });

  it('serves the relay protocol: a channel opened on the relay, completed, read once', async () => {
    const created = await t.fetch('/farcaster-relay/v1/channel', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'https://example.test/login', domain: 'example.test' }),
    });
    expect(created.status).toBe(201);
    const channel = (await created.json()) as { channelToken: string; connectUri: string; nonce: string };
    expect(channel.channelToken).toMatch(/^[23456789A-HJ-NP-Z]{32}$/);
    const read = () =>
      t.fetch('/farcaster-relay/v1/channel/status', {
        headers: { authorization: `Bearer ${channel.channelToken}` },
      });
    const pending = await read();
    expect(pending.status).toBe(202);
    // What the Farcaster app builds the message from (auth-client's `status`: `signatureParams`).
    expect(await pending.json()).toEqual({
      state: 'pending',
      nonce: channel.nonce,
      url: channel.connectUri,
      signatureParams: {
        siweUri: 'https://example.test/login',
        domain: 'example.test',
        nonce: channel.nonce,
      },
      acceptAuthAddress: true,
    });
    const { account, fid } = farcasterUser();
    const message = siwf(account.address, fid, channel.nonce, { domain: 'example.test' });
    const signature = await account.signMessage({ message });
    expect(
      (await relayAuthenticate(channel.channelToken, { message, signature, fid, authMethod: 'custody' }))
        .status,
    ).toBe(201);
    const completed = await read();
    expect(completed.status).toBe(200);
    expect(await completed.json()).toMatchObject({
      state: 'completed',
      message,
      signature,
      fid,
      authMethod: 'custody',
    });
    expect((await read()).status).toBe(401);
    // An app's login cannot use a channel the relay opened for no app.
    const client = await farcasterApp();
    expect(
      (await authenticate(client, { channel_token: channel.channelToken, message, signature, fid })).status,
    ).toBe(401);
    const refused = await t.fetch('/farcaster-relay/v1/channel', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'https://farcaster.xyz', domain: 'farcaster.xyz' }),
    });
    expect(refused.status).toBe(400);
  });

  it("gives the Farcaster app an app channel's sign-in parameters on the relay: the page's domain, origin and return URL", async () => {
    const client = await farcasterApp();
    const res = await client.post<{ channel_token: string; connect_uri: string }>('/api/v1/farcaster/init', {
      redirect_url: 'http://app.test/after?x=1',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const nonce = await nonceOf(client, res.body.channel_token);
    const relay = await t.fetch('/farcaster-relay/v1/channel/status', {
      headers: { authorization: `Bearer ${res.body.channel_token}` },
    });
    expect(relay.status).toBe(202);
    expect(await relay.json()).toEqual({
      state: 'pending',
      nonce,
      url: res.body.connect_uri,
      signatureParams: {
        siweUri: 'http://app.test',
        domain: 'app.test',
        nonce,
        redirectUrl: 'http://app.test/after?x=1',
      },
      acceptAuthAddress: true,
    });
  });

  it('is refused when the app has Farcaster login off (disallowed_login_method)', async () => {
    const { client } = await t.createApp();
    const res = await client.post('/api/v1/farcaster/init', {});
    expect(res.body).toMatchObject({ code: 'disallowed_login_method' });
    expect((await client.post('/api/v2/farcaster/init', {})).body).toMatchObject({
      code: 'disallowed_login_method',
    });
  });

  it('no-signup mode logs in a known fid and refuses an unknown one', async () => {
    const client = await farcasterApp();
    const { account, fid } = farcasterUser();
    const refused = await authenticate(client, {
      ...(await completedChannel(client, account, fid)),
      mode: 'no-signup',
    });
    expect(refused.body).toMatchObject({ code: 'user_does_not_exist' });
    expect((await authenticate(client, await completedChannel(client, account, fid))).status).toBe(200);
    const known = await authenticate(client, {
      ...(await completedChannel(client, account, fid)),
      mode: 'no-signup',
    });
    expect(known.status, JSON.stringify(known.body)).toBe(200);
  });

  it('links, refuses another user’s fid with account_transfer_required, transfers it, and unlinks', async () => {
    const client = await farcasterApp();
    const post = <T>(path: string, body: unknown, token: string) =>
      client.post<T & Refusal>(`/api/v1/farcaster/${path}`, body, { token });
    const alice = farcasterUser();
    const bob = farcasterUser();
    const owner = await authenticate(client, await completedChannel(client, alice.account, alice.fid));
    expect(owner.status).toBe(200);

    const me = await client.loginWithEmail('me@example.com');
    const linked = await post<WireUser>(
      'link',
      await completedChannel(client, bob.account, bob.fid),
      me.body.token,
    );
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid: bob.fid }),
    );

    const other = await client.loginWithEmail('other@example.com');
    const refused = await post(
      'link',
      await completedChannel(client, alice.account, alice.fid),
      other.body.token,
    );
    expect(refused.body.code).toBe('account_transfer_required');
    const transfer = {
      farcaster_id: alice.fid,
      farcaster_embedded_address: alice.account.address,
      nonce: refused.body.data.nonce,
    };
    const wrongFid = await post('transfer', { ...transfer, farcaster_id: bob.fid }, other.body.token);
    expect(wrongFid.body.code).toBe('invalid_credentials');
    const refusedAgain = await post(
      'link',
      await completedChannel(client, alice.account, alice.fid),
      other.body.token,
    );
    const transferred = await post<WireUser>(
      'transfer',
      { ...transfer, nonce: refusedAgain.body.data.nonce },
      other.body.token,
    );
    expect(transferred.status, JSON.stringify(transferred.body)).toBe(200);
    expect(transferred.body.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid: alice.fid }),
    );

    const unlinked = await post<WireUser>('unlink', { fid: bob.fid }, me.body.token);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.linked_accounts.some((a) => a.type === 'farcaster')).toBe(false);
    expect((await post('unlink', { fid: bob.fid }, me.body.token)).body.code).toBe(
      'linked_account_not_found',
    );
  });

  it('transfers with the fid as the refusal’s subject (a decimal string) and no embedded address; refuses other fid strings', async () => {
    const client = await farcasterApp();
    const post = <T>(path: string, body: unknown, token: string) =>
      client.post<T & Refusal & { data: { subject?: string } }>(`/api/v1/farcaster/${path}`, body, { token });
    const alice = farcasterUser();
    expect(
      (await authenticate(client, await completedChannel(client, alice.account, alice.fid))).status,
    ).toBe(200);
    const taker = await client.loginWithEmail('string-fid@example.com');
    const refusal = async () => {
      const refused = await post(
        'link',
        await completedChannel(client, alice.account, alice.fid),
        taker.body.token,
      );
      expect(refused.body.code).toBe('account_transfer_required');
      return refused.body.data;
    };

    // Junk fids are invalid_data, before the nonce is looked at (it stays good).
    const data = await refusal();
    expect(data.subject).toBe(String(alice.fid));
    for (const farcaster_id of [
      '1e3',
      '-1',
      '0x10',
      '0',
      '01',
      ` ${alice.fid}`,
      `${alice.fid}.0`,
      '9'.repeat(17),
      '7'.repeat(300),
      '',
      null,
    ]) {
      const res = await post('transfer', { farcaster_id, nonce: data.nonce }, taker.body.token);
      expect(res.status, JSON.stringify(farcaster_id)).toBe(400);
      expect(res.body.code).toBe('invalid_data');
    }

    // The incumbent's client: the subject as sent back, the address left out.
    const transferred = await post<WireUser>(
      'transfer',
      { farcaster_id: data.subject, nonce: data.nonce },
      taker.body.token,
    );
    expect(transferred.status, JSON.stringify(transferred.body)).toBe(200);
    expect(transferred.body.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'farcaster', fid: alice.fid }),
    );

    // A string naming another fid than the nonce's is the wrong fid, as a number is.
    const back = await client.loginWithEmail('string-fid-back@example.com');
    const again = await post(
      'link',
      await completedChannel(client, alice.account, alice.fid),
      back.body.token,
    );
    expect(again.body.code).toBe('account_transfer_required');
    const wrong = await post(
      'transfer',
      { farcaster_id: String(alice.fid + 1), nonce: again.body.data.nonce },
      back.body.token,
    );
    expect(wrong.body.code).toBe('invalid_credentials');
  });

  it('refuses linking an fid another user has when the link is no transfer (linked_to_another_user on transfer race)', async () => {
    const client = await farcasterApp();
    const alice = farcasterUser();
    const owner = await client.loginWithEmail('owner@example.com');
    const post = <T>(path: string, body: unknown, token: string) =>
      client.post<T & Refusal>(`/api/v1/farcaster/${path}`, body, { token });
    expect(
      (await post('link', await completedChannel(client, alice.account, alice.fid), owner.body.token)).status,
    ).toBe(200);
    const taker = await client.loginWithEmail('taker@example.com');
    const ask = await post(
      'link',
      await completedChannel(client, alice.account, alice.fid),
      taker.body.token,
    );
    expect(ask.body.code).toBe('account_transfer_required');
    // The owner unlinks and a third user links it before the transfer.
    expect((await post('unlink', { fid: alice.fid }, owner.body.token)).status).toBe(200);
    const third = await client.loginWithEmail('third@example.com');
    expect(
      (await post('link', await completedChannel(client, alice.account, alice.fid), third.body.token)).status,
    ).toBe(200);
    const late = await post(
      'transfer',
      {
        farcaster_id: alice.fid,
        farcaster_embedded_address: alice.account.address,
        nonce: ask.body.data.nonce,
      },
      taker.body.token,
    );
    expect(late.body).toMatchObject({ code: 'linked_to_another_user' });
  });

  it('logs in from a Mini App (v2): a nonce from init, the host’s SIWF message, spent once', async () => {
    const client = await farcasterApp();
    const { account, fid } = farcasterUser();
    const init2 = await client.post<{ nonce: string; expires_at: string }>('/api/v2/farcaster/init', {});
    expect(init2.status).toBe(200);
    expect(Date.parse(init2.body.expires_at)).toBeGreaterThan(Date.now());
    const message = siwf(account.address, fid, init2.body.nonce);
    const body = { fid, message, signature: await account.signMessage({ message }) };
    const res = await client.post<AuthBody>('/api/v2/farcaster/authenticate', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'farcaster', fid, owner_address: account.address }),
    ]);
    expect((await client.post('/api/v2/farcaster/authenticate', body)).body).toMatchObject({
      code: 'invalid_credentials',
    });
    // A domain the app does not allow, or a nonce never issued, is refused.
    const { nonce } = (await client.post<{ nonce: string }>('/api/v2/farcaster/init', {})).body;
    const elsewhere = siwf(account.address, fid, nonce, { domain: 'evil.test' });
    const foreign = await client.post('/api/v2/farcaster/authenticate', {
      fid,
      message: elsewhere,
      signature: await account.signMessage({ message: elsewhere }),
    });
    expect(foreign.body).toMatchObject({ code: 'invalid_credentials' });
  });

  it('opens channels on a relay elsewhere when LATCHKEY_FARCASTER_RELAY_URL is set', async () => {
    // Another server's embedded relay stands in for the Farcaster network's public relay.
    const remote = await startTestServer(dialect, {
      listen: true,
      settings: { farcaster: { registry, relayKey } },
    });
    const local = await startTestServer(dialect, {
      settings: { farcaster: { registry, relayUrl: `${remote.url}/farcaster-relay` } },
    });
    try {
      const { client } = await local.createApp({ farcaster_auth: true });
      const { account, fid } = farcasterUser();
      const opened = await client.post<{ channel_token: string; connect_uri: string }>(
        '/api/v1/farcaster/init',
        {},
      );
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      const { channel_token } = opened.body;
      expect(opened.body.connect_uri).toBe(`https://farcaster.xyz/~/siwf?channelToken=${channel_token}`);
      const nonce = await nonceOf(client, channel_token);
      const message = siwf(account.address, fid, nonce);
      const signature = await account.signMessage({ message });
      const done = await fetch(`${remote.url}/farcaster-relay/v1/channel/authenticate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${channel_token}`,
          'x-farcaster-auth-relay-key': relayKey,
        },
        body: JSON.stringify({ message, signature, fid, ...profile }),
      });
      expect(done.status).toBe(201);
      const completed = await status(client, channel_token);
      expect(completed.body).toMatchObject({ state: 'completed', message, fid, username: 'alice' });
      expect((await status(client, channel_token)).status).toBe(401);
      const login = await client.post<AuthBody>('/api/v1/farcaster/authenticate', {
        channel_token,
        message,
        signature,
        fid,
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.body.user.linked_accounts[0]).toMatchObject({ fid, username: 'alice' });
    } finally {
      await local.close();
      await remote.close();
    }
  });

  it('reads the profile from a hub when the server has one', async () => {
    const { account, fid } = farcasterUser();
    const asked: string[] = [];
    const hub = createServer((req, res) => {
      asked.push(req.url ?? '');
      const data = (type: string, value: string) => ({ data: { fid, userDataBody: { type, value } } });
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          messages: [
            data('USER_DATA_TYPE_USERNAME', 'alice.eth'),
            data('USER_DATA_TYPE_DISPLAY', 'Alice (hub)'),
            data('USER_DATA_TYPE_PFP', 'https://hub.test/alice.png'),
            data('USER_DATA_TYPE_URL', 'https://alice.test'),
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    const { port } = hub.address() as AddressInfo;
    const withHub = await startTestServer(dialect, {
      settings: { farcaster: { registry, relayKey, hubUrl: `http://127.0.0.1:${port}` } },
    });
    try {
      const { client } = await withHub.createApp({ farcaster_auth: true });
      const init2 = await client.post<{ nonce: string }>('/api/v2/farcaster/init', {});
      const message = siwf(account.address, fid, init2.body.nonce);
      const res = await client.post<AuthBody>('/api/v2/farcaster/authenticate', {
        fid,
        message,
        signature: await account.signMessage({ message }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(asked).toEqual([`/v1/userDataByFid?fid=${fid}`]);
      expect(res.body.user.linked_accounts[0]).toMatchObject({
        username: 'alice.eth',
        display_name: 'Alice (hub)',
        profile_picture_url: 'https://hub.test/alice.png',
        homepage_url: 'https://alice.test',
      });
    } finally {
      await withHub.close();
      await new Promise((resolve) => hub.close(resolve));
    }
  });

  it('without an Optimism RPC or a relay key, says which setting is missing (feature_not_enabled)', async () => {
    const bare = await startTestServer(dialect, { settings: { farcaster: {} } });
    try {
      const { client } = await bare.createApp({ farcaster_auth: true });
      const { account, fid } = farcasterUser();
      const { nonce } = (await client.post<{ nonce: string }>('/api/v2/farcaster/init', {})).body;
      const message = siwf(account.address, fid, nonce);
      const login = await client.post('/api/v2/farcaster/authenticate', {
        fid,
        message,
        signature: await account.signMessage({ message }),
      });
      expect(login).toMatchObject({ status: 403, body: { code: 'feature_not_enabled' } });
      expect((login.body as { error: string }).error).toContain('LATCHKEY_RPC_URLS');
      const { channel_token } = (await client.post<{ channel_token: string }>('/api/v1/farcaster/init', {}))
        .body;
      const relay = await bare.fetch('/farcaster-relay/v1/channel/authenticate', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${channel_token}`,
          'x-farcaster-auth-relay-key': relayKey,
        },
        body: JSON.stringify({ message, signature: `0x${'11'.repeat(65)}`, fid }),
      });
      expect(relay.status).toBe(403);
      expect(await relay.json()).toMatchObject({ code: 'feature_not_enabled' });
    } finally {
      await bare.close();
    }
  });
});
