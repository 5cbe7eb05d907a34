import { type AuthBody, dialects, type TestClient, type TestServer } from '@latchkey/test/server';
import {
  b64,
  createEmbeddedWallet,
  embeddedWalletFixture,
  type FrameApiServer,
  newEthereumAddress,
  type RecoveryMethod,
  randomShare,
  recoveryFields,
  startFrameApiServer,
} from '@latchkey/test/server/frame-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The recovery-method rules on the frame API: which methods an app allows
 * (`embedded_wallet_config.user_owned_recovery_options`, spec document 1 §3) and which changes
 * of method are possible at all (spec document 1 §4 "Recovery methods").
 */
describe.each(dialects)('embedded wallets: recovery-method rules (%s)', (dialect) => {
  let t: TestServer;
  let client: TestClient;
  let appId: string;
  let frame: FrameApiServer['frame'];
  let login: FrameApiServer['login'];

  /** A re-split to `method` (new fields unless given); a password wallet's needs its current verifier. */
  const setRecovery = (
    entropyId: string,
    method: RecoveryMethod,
    token: string,
    options: { fields?: ReturnType<typeof recoveryFields>; current?: Uint8Array | null } = {},
  ) =>
    frame(
      '/frame/set_recovery',
      {
        entropy_id: entropyId,
        auth_share: b64(randomShare()),
        ...(options.fields ?? recoveryFields(method)).body,
        ...(options.current ? { current_password_verifier: b64(options.current) } : {}),
      },
      token,
    );
  /** The app's recovery settings; the creation requirements are off unless `extra` turns one on. */
  const recoveryOptions = (options: string[], extra: Record<string, unknown> = {}) =>
    t.updateApp(appId, {
      embedded_wallet_config: {
        user_owned_recovery_options: options,
        require_user_password_on_create: false,
        require_user_owned_recovery_on_create: false,
        ...extra,
      },
    });
  const storedMethod = async (entropyId: string) =>
    (
      await t.ctx.db
        .selectFrom('wallet_entropies')
        .select('recovery_method')
        .where('entropy_id', '=', entropyId.toLowerCase())
        .executeTakeFirstOrThrow()
    ).recovery_method;
  const forceMethod = (entropyId: string, method: string) =>
    t.ctx.db
      .updateTable('wallet_entropies')
      .set({ recovery_method: method })
      .where('entropy_id', '=', entropyId.toLowerCase())
      .execute();

  beforeAll(async () => {
    ({ t, client, appId, frame, login } = await startFrameApiServer(dialect));
  });
  afterAll(() => t.close());

  it('a new app allows a password; an app that does not list it refuses creating with one', async () => {
    const user = await login();
    await recoveryOptions(['user-passcode']);
    await createEmbeddedWallet(t, client, user.token!, { method: 'user-passcode' });

    await recoveryOptions(['google-drive']);
    const other = await login();
    const refused = await frame(
      '/frame/create',
      embeddedWalletFixture({ method: 'user-passcode' }).body,
      other.token!,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'Recovery method not allowed for this app.',
      code: 'disallowed_recovery_method',
    });
    const me = await client.request<{ user: AuthBody['user'] }>('/api/v1/users/me', { token: other.token! });
    expect(me.body.user.linked_accounts.filter((a) => a.type === 'wallet')).toEqual([]);
    // The server-managed method needs no option.
    await createEmbeddedWallet(t, client, other.token!, { method: 'privy' });
  });

  it('the server enforces require_user_password_on_create on create, import and a change of method', async () => {
    await recoveryOptions(['user-passcode'], { require_user_password_on_create: true });
    try {
      const user = await login();
      const privy = await frame(
        '/frame/create',
        embeddedWalletFixture({ method: 'privy' }).body,
        user.token!,
      );
      expect(privy).toMatchObject({
        status: 400,
        body: {
          code: 'disallowed_recovery_method',
          error: 'Password not provided yet is required by App configuration',
        },
      });
      const address = newEthereumAddress();
      const imported = await frame(
        '/frame/import',
        {
          chain_type: 'ethereum',
          address,
          auth_share: b64(randomShare(33)),
          ...recoveryFields('privy').body,
        },
        user.token!,
      );
      expect(imported.body).toMatchObject({ code: 'disallowed_recovery_method' });
      const fixture = await createEmbeddedWallet(t, client, user.token!, { method: 'user-passcode' });
      // Leaving the password for privy is a new method the rule refuses, even with the password.
      const left = await setRecovery(fixture.entropyId, 'privy', user.token!, {
        current: fixture.passwordVerifier,
      });
      expect(left.body).toMatchObject({
        code: 'disallowed_recovery_method',
        error: 'Password not provided yet is required by App configuration',
      });
      expect(await storedMethod(fixture.entropyId)).toBe('user-passcode');
    } finally {
      await recoveryOptions(['user-passcode']);
    }
  });

  it('the server enforces require_user_owned_recovery_on_create; a privy wallet from before still recovers', async () => {
    const user = await login();
    await recoveryOptions(['user-passcode']);
    const before = await createEmbeddedWallet(t, client, user.token!, { method: 'privy' });
    await recoveryOptions(['user-passcode'], { require_user_owned_recovery_on_create: true });
    try {
      const other = await login();
      const privy = await frame(
        '/frame/create',
        embeddedWalletFixture({ method: 'privy' }).body,
        other.token!,
      );
      expect(privy).toMatchObject({
        status: 400,
        body: {
          code: 'disallowed_recovery_method',
          error: 'A user-owned recovery method is required by App configuration',
        },
      });
      await createEmbeddedWallet(t, client, other.token!, { method: 'user-passcode' });
      // The re-split a recovery makes keeps the method: no change, so no refusal.
      expect((await setRecovery(before.entropyId, 'privy', user.token!)).status).toBe(200);
    } finally {
      await recoveryOptions(['user-passcode']);
    }
  });

  it('importing a key with a method the app does not allow is refused', async () => {
    await recoveryOptions([]);
    const user = await login();
    const address = newEthereumAddress();
    const body = (method: RecoveryMethod) => ({
      chain_type: 'ethereum',
      address,
      auth_share: b64(randomShare(33)),
      ...recoveryFields(method).body,
    });
    const refused = await frame('/frame/import', body('user-passcode'), user.token!);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'disallowed_recovery_method' });
    expect((await frame('/frame/import', body('privy'), user.token!)).status).toBe(200);
  });

  it('switching to a method the app does not allow is refused and changes nothing', async () => {
    await recoveryOptions([]);
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token!);
    const refused = await setRecovery(fixture.entropyId, 'user-passcode', user.token!);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'disallowed_recovery_method' });
    expect(await storedMethod(fixture.entropyId)).toBe('privy');
    const auth = await frame('/frame/auth_share', { entropy_id: fixture.entropyId }, user.token!);
    expect(auth.body).toEqual({ auth_share: b64(fixture.authShare), session_id: expect.any(String) });
    // A re-split keeping the method (what a recovery does) is no switch.
    expect((await setRecovery(fixture.entropyId, 'privy', user.token!)).status).toBe(200);
  });

  it('a wallet keeps recovering with a method the app stopped offering, and may leave it', async () => {
    await recoveryOptions(['user-passcode']);
    const user = await login();
    const fixture = await createEmbeddedWallet(t, client, user.token!, { method: 'user-passcode' });
    await recoveryOptions([]);
    const again = recoveryFields('user-passcode');
    const resplit = await setRecovery(fixture.entropyId, 'user-passcode', user.token!, {
      fields: again,
      current: fixture.passwordVerifier,
    });
    expect(resplit.status).toBe(200);
    const left = await setRecovery(fixture.entropyId, 'privy', user.token!, {
      current: again.passwordVerifier,
    });
    expect(left.status).toBe(200);
    expect(await storedMethod(fixture.entropyId)).toBe('privy');
    expect((await setRecovery(fixture.entropyId, 'user-passcode', user.token!)).body).toMatchObject({
      code: 'disallowed_recovery_method',
    });
  });

  it("'user-controlled-server-wallets-only' mode allows only the privy methods", async () => {
    await recoveryOptions(['user-passcode'], { mode: 'user-controlled-server-wallets-only' });
    try {
      const user = await login();
      const refused = await frame(
        '/frame/create',
        embeddedWalletFixture({ method: 'user-passcode' }).body,
        user.token!,
      );
      expect(refused.body).toMatchObject({ code: 'disallowed_recovery_method' });
      await createEmbeddedWallet(t, client, user.token!, { method: 'privy' });
    } finally {
      await recoveryOptions(['user-passcode'], { mode: 'legacy-embedded-wallets-only' });
    }
  });

  it("a wallet whose current method is unknown is refused: 'Unknown recovery method'", async () => {
    await recoveryOptions(['user-passcode']);
    for (const current of ['privy-v2', 'icloud-native', 'sms-otp']) {
      const user = await login();
      const fixture = await createEmbeddedWallet(t, client, user.token!);
      await forceMethod(fixture.entropyId, current);
      for (const target of ['privy', 'user-passcode'] as const) {
        const refused = await setRecovery(fixture.entropyId, target, user.token!);
        expect(refused.status).toBe(400);
        expect(refused.body).toEqual({
          error: 'Unknown recovery method',
          code: 'disallowed_recovery_method',
        });
      }
      expect(await storedMethod(fixture.entropyId)).toBe(current);
    }
  });

  it('from a cloud method any other platform is allowed', async () => {
    await recoveryOptions(['user-passcode']);
    for (const current of ['google-drive', 'icloud']) {
      const user = await login();
      const fixture = await createEmbeddedWallet(t, client, user.token!);
      await forceMethod(fixture.entropyId, current);
      expect((await setRecovery(fixture.entropyId, 'user-passcode', user.token!)).status).toBe(200);
      expect(await storedMethod(fixture.entropyId)).toBe('user-passcode');
    }
  });
});
