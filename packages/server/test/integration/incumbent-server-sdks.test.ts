import {
  dialects,
  startTestServer,
  startWebhookReceiver,
  type TestServer,
  testAdminKey,
} from '@latchkey/test/server';
import { PrivyClient as NodeClient } from '@privy-io/node';
import { PrivyClient as ServerAuthClient } from '@privy-io/server-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The incumbent's published server SDKs, unmodified, pointed at a Latchkey server:
 * `@privy-io/server-auth` (`PrivyClient(appId, secret, {apiURL})`, calls `/api/v1/...`) and
 * `@privy-io/node` (`new PrivyClient({appId, appSecret, apiUrl})`, calls `/v1/...` and fetches its
 * JWKS at `/v1/apps/:app_id/jwks.json`). They verify access tokens, use the users API and verify
 * Latchkey's webhooks.
 */
describe.each(dialects)('the incumbent’s server SDKs against Latchkey (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
  });
  afterAll(() => t.close());

  describe('@privy-io/server-auth', () => {
    it('verifies an access token and reads the user from an identity token', async () => {
      const { app, secret, client } = await t.createApp();
      const privy = new ServerAuthClient(app.id, secret, { apiURL: t.url });
      const login = await client.loginWithEmail('sa-token@example.com');
      const claims = await privy.verifyAuthToken(login.body.token);
      expect(claims).toMatchObject({ appId: app.id, issuer: 'privy.io', userId: login.body.user.id });
      await expect(privy.verifyAuthToken(`${login.body.token}x`)).rejects.toThrow();
      const fromIdToken = await privy.getUser({ idToken: login.body.identity_token });
      expect(fromIdToken).toMatchObject({
        id: login.body.user.id,
        email: { address: 'sa-token@example.com' },
      });
    });

    it('gets users by id and by email, lists and searches them, imports, sets metadata and deletes', async () => {
      const { app, secret, client } = await t.createApp();
      const privy = new ServerAuthClient(app.id, secret, { apiURL: t.url });
      const login = await client.loginWithEmail('sa-user@example.com');
      const id = login.body.user.id;
      expect(await privy.getUser(id)).toMatchObject({ id, email: { address: 'sa-user@example.com' } });
      expect(await privy.getUserByEmail('SA-User@example.com')).toMatchObject({ id });
      // No such user: null, as the SDK documents (it was a silent null before: no route).
      expect(await privy.getUserByEmail('nobody@example.com')).toBeNull();

      const imported = await privy.importUser({
        linkedAccounts: [
          { type: 'email', address: 'sa-imported@example.com' },
          { type: 'wallet', address: '0x52908400098527886E0F7030069857D2E4169EE7', chainType: 'ethereum' },
        ],
        customMetadata: { plan: 'pro' },
      });
      expect(imported).toMatchObject({
        customMetadata: { plan: 'pro' },
        email: { address: 'sa-imported@example.com' },
        wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      });
      expect(await privy.getUserByWalletAddress('0x52908400098527886e0f7030069857d2e4169ee7')).toMatchObject({
        id: imported.id,
      });

      const all = await privy.getUsers();
      expect(all.map((u) => u.id).sort()).toEqual([id, imported.id].sort());
      const found = await privy.getUsers({ emails: ['sa-imported@example.com'] });
      expect(found.map((u) => u.id)).toEqual([imported.id]);
      expect((await privy.getUsers('sa-user')).map((u) => u.id)).toEqual([id]);

      const updated = await privy.setCustomMetadata(id, { tier: 'gold', seats: 2 });
      expect(updated.customMetadata).toEqual({ tier: 'gold', seats: 2 });

      await privy.deleteUser(imported.id);
      await expect(privy.getUser(imported.id)).rejects.toMatchObject({ status: 404 });
      expect(await privy.getUserByEmail('sa-imported@example.com')).toBeNull();
    });
  });

  describe('@privy-io/node', () => {
    it('verifies an access token with the JWKS it fetches from /v1/apps/:app_id/jwks.json', async () => {
      const { app, secret, client } = await t.createApp();
      const privy = new NodeClient({ appId: app.id, appSecret: secret, apiUrl: t.url });
      const login = await client.loginWithEmail('node-token@example.com');
      const claims = await privy.utils().auth().verifyAccessToken(login.body.token);
      expect(claims).toMatchObject({ app_id: app.id, issuer: 'privy.io', user_id: login.body.user.id });
      await expect(privy.utils().auth().verifyAccessToken(`${login.body.token}x`)).rejects.toThrow();
      const fromIdToken = await privy.utils().auth().verifyIdentityToken(login.body.identity_token);
      expect(fromIdToken).toMatchObject({ id: login.body.user.id });
    });

    it('gets users by id and by email, lists, imports, sets metadata and deletes', async () => {
      const { app, secret, client } = await t.createApp();
      const privy = new NodeClient({ appId: app.id, appSecret: secret, apiUrl: t.url });
      const login = await client.loginWithEmail('node-user@example.com');
      const id = login.body.user.id;
      const users = privy.users();
      expect(await users._get(id)).toMatchObject({ id });
      expect(await users.getByEmailAddress({ address: 'node-user@example.com' })).toMatchObject({ id });
      await expect(users.getByEmailAddress({ address: 'nobody@example.com' })).rejects.toMatchObject({
        status: 404,
      });

      const created = await users.create({
        linked_accounts: [{ type: 'email', address: 'node-imported@example.com' }],
        custom_metadata: { source: 'import' },
      });
      expect(created).toMatchObject({
        custom_metadata: { source: 'import' },
        linked_accounts: [expect.objectContaining({ type: 'email', address: 'node-imported@example.com' })],
      });

      const listed: string[] = [];
      for await (const user of users.list({ limit: 1 })) listed.push(user.id);
      expect(listed.sort()).toEqual([id, created.id].sort());

      const updated = await users.setCustomMetadata(id, { custom_metadata: { tier: 'silver' } });
      expect(updated.custom_metadata).toEqual({ tier: 'silver' });

      await users.delete(created.id);
      await expect(users._get(created.id)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('webhook verification', () => {
    it('@privy-io/server-auth and @privy-io/node verify a Latchkey webhook, and refuse a tampered one', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const { app, secret, client } = await t.createApp();
        const created = await fetch(`${t.url}/admin/v1/apps/${app.id}/webhooks`, {
          method: 'POST',
          headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${receiver.url}/hook`, event_types: ['user.created'] }),
        });
        expect(created.status).toBe(200);
        const signingSecret = ((await created.json()) as { secret: string }).secret;
        receiver.secret = signingSecret;
        const login = await client.loginWithEmail('sdk-webhook@example.com');
        await t.latchkey.webhooks!.drain();
        const [delivery] = await receiver.waitFor((r) => r.some((w) => w.type === 'user.created'));
        const svix = {
          'svix-id': String(delivery!.headers['svix-id']),
          'svix-timestamp': String(delivery!.headers['svix-timestamp']),
          'svix-signature': String(delivery!.headers['svix-signature']),
        };

        // server-auth takes the parsed body and re-serialises it (WIRE §7.6): compact JSON makes
        // that the bytes that were signed.
        // Its headers argument is `{id, timestamp, signature}` (the svix-* values).
        const serverAuth = new ServerAuthClient(app.id, secret, { apiURL: t.url });
        const headers = {
          id: svix['svix-id'],
          timestamp: svix['svix-timestamp'],
          signature: svix['svix-signature'],
        };
        expect(
          await serverAuth.verifyWebhook(JSON.parse(delivery!.raw), headers, signingSecret),
        ).toMatchObject({
          type: 'user.created',
          user: { id: login.body.user.id },
        });
        await expect(
          serverAuth.verifyWebhook(
            { ...JSON.parse(delivery!.raw), type: 'user.deleted' },
            headers,
            signingSecret,
          ),
        ).rejects.toThrow();

        const node = new NodeClient({
          appId: app.id,
          appSecret: secret,
          apiUrl: t.url,
          webhookSigningSecret: signingSecret,
        });
        expect(node.webhooks().verify({ payload: delivery!.raw, headers: svix })).toMatchObject({
          type: 'user.created',
          user: { id: login.body.user.id },
        });
        expect(() =>
          node
            .webhooks()
            .verify({ payload: delivery!.raw.replace('user.created', 'user.deleted'), headers: svix }),
        ).toThrow();
      } finally {
        await receiver.close();
      }
    });
  });
});
