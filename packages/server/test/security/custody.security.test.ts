import { request as httpRequest } from 'node:http';
import { frameApi, keyProofMessage, routePath } from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testOrigin,
} from '@latchkey/test/server';
import {
  b64,
  newTestDevice,
  randomShare,
  recoveryFields,
  uniqueEmail,
} from '@latchkey/test/server/frame-api';
import { type FrameDevice, frameDevice } from '@latchkey/test/server/wallet-frame';
import { decodeJwt } from 'jose';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The custody model (docs/security.md) played as an attacker who holds a user's access and refresh
 * tokens (stolen from the app's page) but runs no code in the wallet frame's origin, and sends any
 * headers it likes. The user's wallets are set up by the wallet frame's own code on a device; the
 * attacker must not obtain two shares of them, nor change or destroy them.
 */
describe.each(dialects)('custody against a stolen token (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let appId: string;

  /** A user logged in by email whose wallet the frame creates on their device. */
  interface Victim {
    login: AuthBody;
    device: FrameDevice;
    address: string;
    method: 'privy' | 'user-passcode';
  }

  async function victim(method: Victim['method']): Promise<Victim> {
    const login = (await client.loginWithEmail(uniqueEmail(`victim-${method}`))).body;
    const device = frameDevice(t, appId, () => login.token);
    const created = await device.ask('privy:wallet:create', {
      recoveryMethod: method,
      ...(method === 'user-passcode' ? { recoveryPassword: 'victim password' } : {}),
    });
    return { login, device, address: created.address as string, method };
  }

  const sign = (v: Victim, message: string) =>
    v.device.ask('privy:wallets:rpc', {
      entropyId: v.address,
      entropyIdVerifier: 'ethereum-address-verifier',
      chainType: 'ethereum',
      hdWalletIndex: 0,
      request: { method: 'personal_sign', params: [message, v.address] },
    });

  /** Every frame API request the attacker tries, for a victim's wallet. */
  const attempts = (v: Victim): [string, Record<string, unknown>][] => [
    [frameApi.enrollDevice, {}],
    [frameApi.nonce, {}],
    [frameApi.authShare, { entropy_id: v.address }],
    [frameApi.recoveryShare, { entropy_id: v.address }],
    [frameApi.recoveryShare, { entropy_id: v.address, password_verifier: b64(randomShare(32)) }],
    [routePath(frameApi.keyMaterial, { address: v.address }), { chain_type: 'ethereum' }],
    [
      frameApi.setRecovery,
      {
        entropy_id: v.address,
        auth_share: b64(randomShare()),
        ...recoveryFields('privy').body,
        nonce: 'n'.repeat(32),
        signature: `0x${'11'.repeat(65)}`,
      },
    ],
  ];

  /** What share material a reply holds: the attacker's loot. */
  const loot = (body: unknown) => {
    const fields = (body ?? {}) as Record<string, unknown>;
    return ['auth_share', 'encrypted_recovery_share', 'recovery_key']
      .filter((name) => typeof fields[name] === 'string')
      .map((name) => name);
  };

  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
    const created = await t.createApp();
    client = created.client;
    appId = created.app.id;
  });
  afterAll(() => t.close());

  it.each(['privy', 'user-passcode'] as const)(
    'a %s wallet: the tokens alone, with any headers and its own device key, yield no share',
    async (method) => {
      const v = await victim(method);
      await sign(v, 'before');
      // Minutes later the tokens are stolen; the attacker keeps them fresh with the refresh token.
      t.advance(t.ctx.settings.deviceEnrollmentWindowSeconds + 1);
      const refreshed = await client.post<AuthBody>('/api/v1/sessions', {
        refresh_token: v.login.refresh_token,
      });
      expect(refreshed.body.session_update_action).toBe('set');
      const token = refreshed.body.token;
      // A renewed token still says when the user logged in: renewal is not a fresh authentication.
      expect(decodeJwt(token).auth_time).toBe(decodeJwt(v.login.token).auth_time);

      const attacker = await newTestDevice(t, client);
      const stolen: string[] = [];
      for (const [path, body] of attempts(v)) {
        const label = `${path} ${JSON.stringify(body).slice(0, 60)}`;
        // No proof, from the app's origin or claiming the frame's own: the token is not enough.
        for (const origin of [testOrigin, t.url]) {
          const bare = await client.post(`${frameApi.prefix}${path}`, body, { token, headers: { origin } });
          expect(bare.status, label).toBe(401);
          expect(bare.body.code, label).toBe('invalid_dpop_proof');
          stolen.push(...loot(bare.body));
        }
        // Its own device key, with valid proofs: not enrolled, and too long after the login to enrol.
        const own = await attacker.post(path, body, token, { headers: { origin: t.url } });
        expect(own.status, label).toBe(403);
        expect(own.body.code, label).toBe(
          path === frameApi.enrollDevice ? 'recent_authentication_required' : 'device_revoked',
        );
        stolen.push(...loot(own.body));
      }
      // A Host header naming another origin, with that Origin: not this server's origin either.
      const spoofed = await postWithHost(t, `${frameApi.prefix}${frameApi.authShare}`, {
        host: 'evil.test',
        origin: 'http://evil.test',
        authorization: `Bearer ${token}`,
        'privy-app-id': appId,
        dpop: await attacker.proof(frameApi.authShare, token),
      });
      expect(spoofed.status).toBe(403);
      stolen.push(...loot(spoofed.body));
      expect(stolen).toEqual([]);

      // Nothing changed: the victim's device is the only one, and it still signs.
      const devices = await t.ctx.db
        .selectFrom('wallet_devices')
        .select('jkt')
        .where('user_id', '=', v.login.user.id.replace('did:privy:', ''))
        .execute();
      expect(devices).toHaveLength(1);
      expect(devices[0]!.jkt).not.toBe(attacker.jkt);
      await sign(v, 'after');
    },
  );

  it('an access token never renews itself: without the refresh token the session ends', async () => {
    const v = await victim('privy');
    const renewed = await client.post('/api/v1/sessions', {}, { token: v.login.token });
    expect(renewed).toMatchObject({ status: 401, body: { code: 'missing_or_invalid_token' } });
    t.advance(t.ctx.settings.accessTokenTtlSeconds + 1);
    expect((await client.request('/api/v1/users/me', { token: v.login.token })).status).toBe(401);
  });

  it('the residual risk: a token used within minutes of the login enrolls; a password wallet still holds', async () => {
    // docs/security.md, "Residual risks": script that steals the token at login time (before the
    // enrollment window closes) can enroll a key of its own, and so reach a `privy` wallet's shares.
    // A password wallet's recovery share still needs the password, online, against a budget.
    const v = await victim('user-passcode');
    const attacker = await newTestDevice(t, client);
    expect((await attacker.enroll(v.login.token)).status).toBe(200);
    const auth = await attacker.post(frameApi.authShare, { entropy_id: v.address }, v.login.token);
    expect(auth.status).toBe(200);
    for (const password_verifier of [undefined, b64(randomShare(32))]) {
      const recovery = await attacker.post(
        frameApi.recoveryShare,
        { entropy_id: v.address, password_verifier },
        v.login.token,
      );
      expect(recovery).toMatchObject({ status: 403, body: { code: 'invalid_recovery_password' } });
      expect(loot(recovery.body)).toEqual([]);
    }
  });

  it('script on the page cannot take the password off a password wallet without the password', async () => {
    const v = await victim('user-passcode');
    const downgrade = {
      entropyId: v.address,
      entropyIdVerifier: 'ethereum-address-verifier',
      recoveryMethod: 'privy',
    };
    // The host page can message the frame, as the SDK does, but does not know the password.
    expect(await v.device.failure('privy:wallets:set-recovery', downgrade)).toEqual({
      type: 'invalid_recovery_pin',
      message: 'The current recovery password is required.',
    });
    expect(
      await v.device.failure('privy:wallets:set-recovery', {
        ...downgrade,
        existingRecoveryPassword: 'guess',
      }),
    ).toMatchObject({ type: 'invalid_recovery_pin' });
    const newPassword = { ...downgrade, recoveryMethod: 'user-passcode', recoveryPassword: 'mine now' };
    expect(await v.device.failure('privy:wallets:set-recovery', newPassword)).toMatchObject({
      type: 'invalid_recovery_pin',
    });
    const row = await t.ctx.db
      .selectFrom('linked_accounts')
      .select('details')
      .where('identifier', '=', v.address.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.details).recovery_method).toBe('user-passcode');
    // With the password, the user can.
    await v.device.ask('privy:wallets:set-recovery', {
      ...downgrade,
      existingRecoveryPassword: 'victim password',
    });
    await sign(v, 'still mine');
  });

  it('an enrolled device still needs the key: add_wallet and set_recovery refuse foreign proofs', async () => {
    // The user's own second device (or an enrolled thief): enrolled, but without the wallet's key.
    const v = await victim('privy');
    const device = await newTestDevice(t, client);
    expect((await device.enroll(v.login.token)).status).toBe(200);
    const stranger = privateKeyToAccount(`0x${'31'.repeat(32)}`);
    const signedBy = async (address: string) => {
      const issued = (
        await device.post<{ nonce: string; user_id: string }>(frameApi.nonce, {}, v.login.token)
      ).body;
      const message = keyProofMessage({ appId, userId: issued.user_id, address, nonce: issued.nonce });
      return { nonce: issued.nonce, signature: await stranger.signMessage({ message }) };
    };
    const newAddress = privateKeyToAccount(`0x${'32'.repeat(32)}`).address;
    const added = await device.post(
      frameApi.addWallet,
      {
        entropy_id: v.address,
        chain_type: 'ethereum',
        address: newAddress,
        wallet_index: 1,
        ...(await signedBy(newAddress)),
      },
      v.login.token,
    );
    expect(added).toMatchObject({ status: 400, body: { code: 'invalid_key_proof' } });
    const foreign = await device.post(
      frameApi.setRecovery,
      {
        entropy_id: v.address,
        auth_share: b64(randomShare()),
        ...recoveryFields('privy').body,
        ...(await signedBy(v.address)),
      },
      v.login.token,
    );
    expect(foreign).toMatchObject({ status: 400, body: { code: 'invalid_key_proof' } });
    // The wallet is whole: its device signs, and recovers nothing it did not have.
    await sign(v, 'untouched');
    const wallets = await t.ctx.db
      .selectFrom('linked_accounts')
      .select('identifier')
      .where('user_id', '=', v.login.user.id.replace('did:privy:', ''))
      .where('type', '=', 'wallet')
      .execute();
    expect(wallets.map((w) => w.identifier)).toEqual([v.address.toLowerCase()]);
  });

  it('create, add and import refuse an address whose key the caller does not hold', async () => {
    const login = (await client.loginWithEmail(uniqueEmail('squatter'))).body;
    const device = await newTestDevice(t, client);
    expect((await device.enroll(login.token)).status).toBe(200);
    // The real owner of this address never signs for the squatter.
    const owner = privateKeyToAccount(`0x${'42'.repeat(32)}`);
    const someoneElse = privateKeyToAccount(`0x${'17'.repeat(32)}`);
    const issue = async () =>
      (await device.post<{ nonce: string; user_id: string }>(frameApi.nonce, {}, login.token)).body;
    const signWith = async (signer: typeof owner, issued: { nonce: string; user_id: string }) => {
      const message = keyProofMessage({
        appId,
        userId: issued.user_id,
        address: owner.address,
        nonce: issued.nonce,
      });
      return { nonce: issued.nonce, signature: await signer.signMessage({ message }) };
    };
    const proofBy = async (signer: typeof owner) => signWith(signer, await issue());
    const importBody = async () => ({
      chain_type: 'ethereum',
      address: owner.address,
      auth_share: b64(randomShare(33)),
      ...recoveryFields('privy').body,
      ...(await proofBy(someoneElse)),
    });
    const imported = await device.post(frameApi.import, await importBody(), login.token);
    expect(imported).toMatchObject({
      status: 400,
      body: { code: 'invalid_key_proof', error: `The key proof for ${owner.address} does not verify.` },
    });
    const proof = await proofBy(someoneElse);
    const created = await device.post(
      frameApi.create,
      {
        entropy_id: owner.address,
        entropy_id_verifier: 'ethereum-address-verifier',
        auth_share: b64(randomShare()),
        ...recoveryFields('privy').body,
        wallets: [{ chain_type: 'ethereum', address: owner.address, wallet_index: 0 }],
        nonce: proof.nonce,
        key_proofs: [{ address: owner.address, signature: proof.signature }],
      },
      login.token,
    );
    expect(created).toMatchObject({ status: 400, body: { code: 'invalid_key_proof' } });
    // A nonce is spent by the request that uses it, whatever its outcome: a refused proof cannot be
    // followed by another on the same nonce.
    const issued = await issue();
    const refused = await device.post(
      frameApi.import,
      { ...(await importBody()), ...(await signWith(someoneElse, issued)) },
      login.token,
    );
    expect(refused.body.code).toBe('invalid_key_proof');
    const replayed = await device.post(
      frameApi.import,
      { ...(await importBody()), ...(await signWith(owner, issued)) },
      login.token,
    );
    expect(replayed).toMatchObject({
      status: 400,
      body: { code: 'invalid_key_proof', error: 'The wallet key proof nonce is unknown, used or expired.' },
    });
    // The owner's own proof on a fresh nonce links it.
    const owned = await device.post(
      frameApi.import,
      { ...(await importBody()), ...(await proofBy(owner)) },
      login.token,
    );
    expect(owned.status).toBe(200);
    // Nothing of the refused attempts was linked.
    const accounts = await t.ctx.db
      .selectFrom('linked_accounts')
      .select('identifier')
      .where('user_id', '=', login.user.id.replace('did:privy:', ''))
      .where('type', '=', 'wallet')
      .execute();
    expect(accounts.map((a) => a.identifier)).toEqual([owner.address.toLowerCase()]);
  });
});

/** A POST with a Host header of the caller's choosing (fetch will not send one). */
function postWithHost(
  t: TestServer,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, t.url),
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}
