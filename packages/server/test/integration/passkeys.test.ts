import {
  type AuthenticatedUser,
  limits,
  type PasskeyAssertion,
  passkeyApi,
  type User,
} from '@latchkey/protocol';
import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
  testOrigin,
} from '@latchkey/test/server';
import { type SoftwareAuthenticator, softwareAuthenticator } from '@latchkey/test/webauthn';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Sign-up, login, linking and unlinking with passkeys (WIRE.md §3.5), with a software authenticator. */

const paths = Object.fromEntries(Object.entries(passkeyApi).map(([name, r]) => [name, r.path])) as {
  [K in keyof typeof passkeyApi]: string;
};
const passkeysOn = { passkey_auth: true, passkeys_for_signup_enabled: true };
const chromeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

type Options = Record<string, unknown> & { challenge: string };

export async function passkeySignUp(client: TestClient, authenticator: SoftwareAuthenticator) {
  const init = await client.post<{ options: Options }>(paths.passkeyRegisterInit, {});
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const registration = authenticator.register(init.body.options as never, testOrigin);
  return client.post<AuthBody & AuthenticatedUser>(
    paths.passkeyRegister,
    { authenticator_response: registration },
    { headers: { 'user-agent': chromeOnMac } },
  );
}

export async function passkeyLogin(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  tamper: Parameters<SoftwareAuthenticator['assert']>[2] = {},
) {
  const init = await client.post<{ options: Options }>(paths.passkeyAuthenticateInit, {});
  expect(init.status, JSON.stringify(init.body)).toBe(200);
  const assertion = authenticator.assert(init.body.options as never, testOrigin, tamper);
  return client.post<AuthBody>(paths.passkeyAuthenticate, {
    authenticator_response: assertion,
    challenge: init.body.options.challenge,
  });
}

export async function passkeyLink(client: TestClient, token: string, authenticator: SoftwareAuthenticator) {
  const init = await client.post<{ options: Options; code?: string }>(paths.passkeyLinkInit, {}, { token });
  if (init.status !== 200) return init as unknown as { status: number; body: User & { code?: string } };
  const registration = authenticator.register(init.body.options as never, testOrigin);
  return client.post<User & { code?: string }>(
    paths.passkeyLink,
    { authenticator_response: registration },
    { token },
  );
}

const passkeysOf = (user: { linked_accounts: object[] }) =>
  (user.linked_accounts as Record<string, unknown>[]).filter((a) => a.type === 'passkey');

describe.each(dialects)('passkeys (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  it('signs a new user up with a passkey, and logs them in with it', async () => {
    const { client } = await t.createApp(passkeysOn);
    const authenticator = softwareAuthenticator();
    const signUp = await passkeySignUp(client, authenticator);
    expect(signUp.status, JSON.stringify(signUp.body)).toBe(200);
    expect(signUp.body.is_new_user).toBe(true);
    const credential = authenticator.credentials[0]!;
    const [passkey] = passkeysOf(signUp.body.user);
    expect(passkey).toEqual({
      type: 'passkey',
      credential_id: credential.id,
      enrolled_in_mfa: false,
      authenticator_name: 'Chromium Browser',
      public_key: credential.publicKey,
      created_with_browser: 'Chrome',
      created_with_os: 'macOS',
      created_with_device: 'Mac',
      verified_at: expect.any(Number),
      first_verified_at: expect.any(Number),
      latest_verified_at: expect.any(Number),
    });
    // WIRE §5.2 has no compact passkey: the identity token leaves it out.
    const claims = decodeJwt(signUp.body.identity_token);
    expect(JSON.parse(String(claims.linked_accounts))).toEqual([]);

    const login = await passkeyLogin(client, authenticator);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.is_new_user).toBe(false);
    expect(login.body.user.id).toBe(signUp.body.user.id);
    expect(login.body.token).toBeTruthy();
    // The counter the login signed is stored: the same counter again is refused.
    const again = await passkeyLogin(client, authenticator, { counter: credential.counter });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('invalid_credentials');
  });

  it('offers discoverable credentials with user verification required', async () => {
    const { client } = await t.createApp(passkeysOn);
    const register = await client.post<{ options: Record<string, unknown>; relying_party: string }>(
      paths.passkeyRegisterInit,
      {},
    );
    expect(register.body.relying_party).toBe(testOrigin);
    expect(register.body.options).toMatchObject({
      rp: { name: 'Test app', id: 'app.test' },
      user: { id: expect.any(String), name: 'Test app', display_name: 'Test app' },
      pub_key_cred_params: [
        { alg: -7, type: 'public-key' },
        { alg: -257, type: 'public-key' },
      ],
      attestation: 'none',
      authenticator_selection: {
        resident_key: 'required',
        require_resident_key: true,
        user_verification: 'required',
      },
    });
    const login = await client.post<{ options: Record<string, unknown> }>(paths.passkeyAuthenticateInit, {});
    expect(login.body.options).toMatchObject({ rp_id: 'app.test', user_verification: 'required' });
    expect(login.body.options.allow_credentials).toEqual([]);
    expect(login.body.options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('uses the relying party the request names when the app allows it', async () => {
    const other = 'https://login.example.com';
    const { client, app } = await t.createApp(passkeysOn);
    await t.updateApp(app.id, { allowed_domains: [testOrigin, other] });
    const init = await client.post<{ options: Options; relying_party: string }>(paths.passkeyRegisterInit, {
      relying_party: other,
    });
    expect(init.status).toBe(200);
    expect(init.body.relying_party).toBe(other);
    expect(init.body.options).toMatchObject({ rp: { id: 'login.example.com' } });
    const authenticator = softwareAuthenticator();
    const registration = authenticator.register(init.body.options as never, other);
    const done = await client.post(paths.passkeyRegister, {
      authenticator_response: registration,
      relying_party: other,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // Not one of the app's domains, or not an origin at all.
    const refused = await client.post(paths.passkeyRegisterInit, { relying_party: 'https://evil.example' });
    expect(refused.body).toMatchObject({ code: 'invalid_origin' });
    expect(refused.status).toBe(403);
    for (const bad of ['https://login.example.com/', 'login.example.com', 'ftp://login.example.com'])
      expect((await client.post(paths.passkeyRegisterInit, { relying_party: bad })).body).toMatchObject({
        code: 'invalid_data',
      });
  });

  it('refuses the routes when passkeys are off, and sign-up when passkey sign-up is off', async () => {
    const off = (await t.createApp()).client;
    for (const path of [paths.passkeyRegisterInit, paths.passkeyAuthenticateInit]) {
      const res = await off.post(path, {});
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('disallowed_login_method');
    }
    const { client } = await t.createApp({ passkey_auth: true });
    const res = await client.post(paths.passkeyRegisterInit, {});
    expect(res.body).toMatchObject({ code: 'disallowed_login_method' });
    expect((await client.post(paths.passkeyAuthenticateInit, {})).status).toBe(200);
  });

  it('refuses sign-up with a passkey when the app keeps an allowlist', async () => {
    const { client } = await t.createApp({ ...passkeysOn, allowlist_enabled: true });
    const res = await client.post(paths.passkeyRegisterInit, {});
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('allowlist_rejected');
  });

  it('links up to 5 passkeys, refuses a sixth, and unlinks them', async () => {
    const { client } = await t.createApp({ ...passkeysOn, email_auth: true });
    const login = await client.loginWithEmail('five@example.com');
    const token = login.body.token;
    const authenticators = Array.from({ length: 6 }, () => softwareAuthenticator());
    let user: User | undefined;
    for (const authenticator of authenticators.slice(0, limits.maxPasskeysPerUser)) {
      const linked = await passkeyLink(client, token, authenticator);
      expect(linked.status, JSON.stringify(linked.body)).toBe(200);
      user = linked.body;
    }
    expect(passkeysOf(user!)).toHaveLength(5);
    // The options exclude the passkeys the user already has.
    const sixth = await client.post<{ code: string; error: string }>(paths.passkeyLinkInit, {}, { token });
    expect(sixth.status).toBe(400);
    expect(sixth.body).toEqual({
      code: 'cannot_link_more_of_type',
      error: 'User already has an account of type passkey linked.',
    });

    // Each passkey logs in as the same user.
    const second = await passkeyLogin(client, authenticators[1]!);
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(login.body.user.id);

    const first = authenticators[0]!.credentials[0]!.id;
    const unlinked = await client.post<User>(
      paths.passkeyUnlink,
      { credential_id: first, remove_as_mfa: true },
      { token },
    );
    expect(unlinked.status).toBe(200);
    expect(passkeysOf(unlinked.body).map((p) => p.credential_id)).not.toContain(first);
    expect(passkeysOf(unlinked.body)).toHaveLength(4);
    // An unlinked passkey no longer logs in; the sixth can now be linked.
    expect((await passkeyLogin(client, authenticators[0]!)).body.code).toBe('invalid_credentials');
    expect((await passkeyLink(client, token, authenticators[5]!)).status).toBe(200);
    const missing = await client.post(paths.passkeyUnlink, { credential_id: first }, { token });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('linked_account_not_found');
  });

  it('excludes the user’s passkeys from a new registration', async () => {
    const { client } = await t.createApp({ ...passkeysOn, email_auth: true });
    const { token } = (await client.loginWithEmail('exclude@example.com')).body;
    const authenticator = softwareAuthenticator();
    expect((await passkeyLink(client, token, authenticator)).status).toBe(200);
    const init = await client.post<{ options: { exclude_credentials: { id: string }[] } }>(
      paths.passkeyLinkInit,
      {},
      { token },
    );
    expect(init.body.options.exclude_credentials.map((c) => c.id)).toEqual([
      authenticator.credentials[0]!.id,
    ]);
  });

  it('does not unlink the only account of a passkey-only user', async () => {
    const { client } = await t.createApp(passkeysOn);
    const authenticator = softwareAuthenticator();
    const signUp = await passkeySignUp(client, authenticator);
    const res = await client.post(
      paths.passkeyUnlink,
      { credential_id: authenticator.credentials[0]!.id },
      { token: signUp.body.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('cannot_unlink_sole_account');
  });

  it('refuses a credential another user holds, and one the user already has', async () => {
    const { client } = await t.createApp({ ...passkeysOn, email_auth: true });
    const alice = (await client.loginWithEmail('alice-pk@example.com')).body.token;
    const bob = (await client.loginWithEmail('bob-pk@example.com')).body.token;
    const authenticator = softwareAuthenticator();
    expect((await passkeyLink(client, alice, authenticator)).status).toBe(200);
    const stolenId = authenticator.credentials[0]!.id;
    // Bob presents a new registration that claims Alice's credential id, only on the outside…
    const init = await client.post<{ options: Options }>(paths.passkeyLinkInit, {}, { token: bob });
    const registration = softwareAuthenticator().register(init.body.options as never, testOrigin);
    const relabelled = { ...registration, id: stolenId, raw_id: stolenId };
    const res = await client.post(paths.passkeyLink, { authenticator_response: relabelled }, { token: bob });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
    // …and inside the authenticator data, with his own key: it is Alice's, not his.
    const again = await client.post<{ options: Options }>(paths.passkeyLinkInit, {}, { token: bob });
    const forged = softwareAuthenticator().register(again.body.options as never, testOrigin, {
      credentialId: stolenId,
    });
    const taken = await client.post(paths.passkeyLink, { authenticator_response: forged }, { token: bob });
    expect(taken.status).toBe(400);
    expect(taken.body.code).toBe('linked_to_another_user');
    // Alice registering it again on her own account: already hers.
    const mine = await client.post<{ options: Options }>(paths.passkeyLinkInit, {}, { token: alice });
    const repeat = softwareAuthenticator().register(mine.body.options as never, testOrigin, {
      credentialId: stolenId,
    });
    const res2 = await client.post(paths.passkeyLink, { authenticator_response: repeat }, { token: alice });
    expect(res2.body.code).toBe('resource_already_exists');
  });

  it('records user.created and user.authenticated events without verification material', async () => {
    const { client, app } = await t.createApp(passkeysOn);
    const authenticator = softwareAuthenticator();
    expect((await passkeySignUp(client, authenticator)).status).toBe(200);
    const events = await t.ctx.db
      .selectFrom('outbox')
      .select(['type', 'payload'])
      .where('app_id', '=', app.id)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['user.created', 'user.authenticated']);
    // No signature counter or verification material leaks into webhooks.
    for (const event of events) expect(event.payload).not.toMatch(/"counter"|"rp_id"|user_handle/);
  });

  it('answers the 401 of a login with a credential nobody has', async () => {
    const { client } = await t.createApp(passkeysOn);
    const stranger = softwareAuthenticator();
    const init = await client.post<{ options: Options }>(paths.passkeyRegisterInit, {});
    stranger.register(init.body.options as never, testOrigin);
    const res = await passkeyLogin(client, stranger);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'invalid_credentials', error: 'Unknown passkey.' });
  });

  it('refuses malformed responses inside the envelope as invalid_data, never a 500', async () => {
    const { client } = await t.createApp(passkeysOn);
    const init = await client.post<{ options: Options }>(paths.passkeyAuthenticateInit, {});
    const authenticator = softwareAuthenticator();
    const reg = await client.post<{ options: Options }>(paths.passkeyRegisterInit, {});
    authenticator.register(reg.body.options as never, testOrigin);
    const good = authenticator.assert(init.body.options as never, testOrigin);
    const variants: PasskeyAssertion[] = [
      { ...good, type: 'other' as never },
      { ...good, id: "' OR 1=1 --" },
      { ...good, response: { ...good.response, signature: 'x'.repeat(2000) } },
      { ...good, response: { ...good.response, client_data_json: '\u202E👩‍💻' } },
      { ...good, response: { ...good.response, user_handle: 42 as never } },
      { ...good, client_extension_results: { cred_props: 'yes' } as never },
    ];
    for (const variant of variants) {
      const res = await client.post(paths.passkeyAuthenticate, {
        authenticator_response: variant,
        challenge: init.body.options.challenge,
      });
      expect(res.status, JSON.stringify(variant)).toBe(400);
      expect(res.body.code).toBe('invalid_data');
    }
    // Well-formed base64url that decodes to garbage: a failed verification, not a crash.
    const garbage = {
      ...good,
      response: { ...good.response, client_data_json: 'AAAA', authenticator_data: 'AAAA' },
    };
    const res = await client.post(paths.passkeyAuthenticate, {
      authenticator_response: garbage,
      challenge: init.body.options.challenge,
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
  });
});
