import { passkeyApi } from '@latchkey/protocol';
import type { Context } from 'hono';
import { isMfaPasskey, recordMfaChange } from '../accounts/mfa-methods.ts';
import { loadUser, toWireUser } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import { assertCaptcha } from '../captcha/assert-captcha.ts';
import type { ServerContext } from '../context.ts';
import { type Feature, route } from '../feature.ts';
import { ApiError } from '../http/api-error.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { unlinkAccount } from '../login/link.ts';
import { loginWithIdentity } from '../login/login.ts';
import { loginResponse } from '../sessions/session-service.ts';
import { assertMfaVerified } from '../tokens/mfa-token.ts';
import { passkeyAccount } from './account-type.ts';
import { authenticateBody, initBody, linkInitBody, registerBody, unlinkBody } from './bodies.ts';
import {
  authenticationOptions,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
} from './ceremonies.ts';
import { passkeyFixtures } from './fixtures.ts';
import { passkeyMigrations } from './migrations.ts';
import {
  assertRoomForPasskey,
  findPasskey,
  linkedPasskeyName,
  linkPasskey,
  passkeyIdentity,
  passkeyIds,
  recordCounter,
  storedCredential,
} from './passkey-accounts.ts';
import { relyingPartyOf } from './relying-party.ts';
import { passkeySweeps } from './retention.ts';

function assertPasskeysEnabled(app: AppRecord): void {
  if (!app.config.passkey_auth)
    throw new ApiError('disallowed_login_method', 'Passkey login is not enabled for this app.');
}

/**
 * Sign-up with a passkey needs `passkeys_for_signup_enabled` besides `passkey_auth`. An allowlist
 * names emails, phones and wallets: a new user who brings only a passkey cannot be on it.
 */
function assertPasskeySignUp(app: AppRecord): void {
  assertPasskeysEnabled(app);
  if (!app.config.passkeys_for_signup_enabled)
    throw new ApiError('disallowed_login_method', 'Sign-up with a passkey is not enabled for this app.');
  if (app.config.allowlist_enabled)
    throw new ApiError('allowlist_rejected', undefined, { data: app.config.allowlist_config });
}

async function requireUserRecord(ctx: ServerContext, app: AppRecord, userId: string) {
  const user = await loadUser(ctx.db, app.id, userId);
  if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.', { status: 401 });
  return user;
}

/**
 * `/api/v1/passkeys/*` (WIRE.md §3.5): sign up, log in, link and unlink with passkeys (WebAuthn,
 * SimpleWebAuthn). Each ceremony is an `/init` that hands out options with a stored single-use
 * challenge, then the response verified against it (ceremonies.ts); a passkey is a linked account
 * of type `passkey` (passkey-accounts.ts), at most 5 per user.
 */
export const passkeysFeature: Feature = {
  name: 'passkeys',
  sweeps: passkeySweeps,
  accountTypes: [passkeyAccount],
  migrations: passkeyMigrations,
  routes: ({ ctx }) => {
    const ip = (c: Context<AppEnv>) => clientIp(c, ctx.settings.trustProxy);
    const limit = (c: Context<AppEnv>) => ctx.rateLimits.consume('verifyIp', ip(c));
    const userAgent = (c: Context<AppEnv>) => c.req.header('user-agent');
    return [
      route(passkeyApi.passkeyRegisterInit, {
        auth: 'app',
        body: initBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertPasskeySignUp(app);
          const relyingParty = relyingPartyOf(app, body.relying_party);
          await assertCaptcha(ctx, app, body.token, ip(c));
          await limit(c);
          const options = await registrationOptions(ctx, app, relyingParty, 'register', {
            name: app.config.name,
            displayName: app.config.name,
            exclude: [],
          });
          return c.json({ options, relying_party: relyingParty.origin });
        },
      }),
      route(passkeyApi.passkeyRegister, {
        auth: 'app',
        body: registerBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertPasskeySignUp(app);
          const relyingParty = relyingPartyOf(app, body.relying_party);
          await limit(c);
          const credential = await verifyRegistration(
            ctx,
            app,
            relyingParty,
            { ceremony: 'register' },
            body.authenticator_response,
          );
          const identity = passkeyIdentity(credential, relyingParty, userAgent(c));
          // A new credential signs a new user up; one whose id is taken proves nothing about its owner.
          const login = await loginWithIdentity(ctx, app, identity, { signUpOnly: true });
          return c.json(await loginResponse(ctx, app, login));
        },
      }),
      route(passkeyApi.passkeyAuthenticateInit, {
        auth: 'app',
        body: initBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertPasskeysEnabled(app);
          const relyingParty = relyingPartyOf(app, body.relying_party);
          await assertCaptcha(ctx, app, body.token, ip(c));
          await limit(c);
          const options = await authenticationOptions(ctx, app, relyingParty);
          return c.json({ options, relying_party: relyingParty.origin });
        },
      }),
      route(passkeyApi.passkeyAuthenticate, {
        auth: 'app',
        body: authenticateBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertPasskeysEnabled(app);
          const relyingParty = relyingPartyOf(app, body.relying_party);
          await limit(c);
          const response = body.authenticator_response;
          // Discoverable credentials: the passkey is found by the id the authenticator answers with.
          const passkey = await findPasskey(ctx, app, response.id);
          // `/mfa/passkeys/enrollment {remove_for_login}` made it a second factor only.
          if (passkey.details.login_disabled === true)
            throw new ApiError('invalid_credentials', 'This passkey is an MFA factor only, not a login.');
          const credential = storedCredential(
            passkey,
            response.id,
            relyingParty,
            response.response.user_handle,
          );
          const counter = await verifyAssertion(
            ctx,
            app,
            relyingParty,
            { ceremony: 'authenticate', challenge: body.challenge },
            response,
            credential,
          );
          await recordCounter(ctx, passkey, counter);
          const login = await loginWithIdentity(ctx, app, { type: 'passkey', identifier: response.id });
          return c.json(await loginResponse(ctx, app, { ...login, isNewUser: false }));
        },
      }),
      route(passkeyApi.passkeyLinkInit, {
        auth: 'user',
        body: linkInitBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertPasskeysEnabled(app);
          const relyingParty = relyingPartyOf(app, body.relying_party);
          const user = await requireUserRecord(ctx, app, c.get('auth').userId);
          // Refused before the ceremony: the user is not asked for a passkey that cannot be kept.
          assertRoomForPasskey(user);
          await limit(c);
          const name = linkedPasskeyName(app, user);
          const options = await registrationOptions(
            ctx,
            app,
            relyingParty,
            'link',
            { name, displayName: name, exclude: passkeyIds(user) },
            user.id,
          );
          return c.json({ options, relying_party: relyingParty.origin });
        },
      }),
      route(passkeyApi.passkeyLink, {
        auth: 'user',
        body: registerBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertPasskeysEnabled(app);
          const relyingParty = relyingPartyOf(app, body.relying_party);
          const userId = c.get('auth').userId;
          assertRoomForPasskey(await requireUserRecord(ctx, app, userId));
          await limit(c);
          const credential = await verifyRegistration(
            ctx,
            app,
            relyingParty,
            { ceremony: 'link', userId },
            body.authenticator_response,
          );
          const identity = passkeyIdentity(credential, relyingParty, userAgent(c));
          const linked = await linkPasskey(ctx, app, userId, identity);
          return c.json(toWireUser(linked));
        },
      }),
      route(passkeyApi.passkeyUnlink, {
        auth: 'user',
        body: unlinkBody,
        handler: async (c, body) => {
          const app = c.get('app');
          const { userId } = c.get('auth');
          const account = (await requireUserRecord(ctx, app, userId)).accounts.find(
            (a) => a.type === 'passkey' && a.identifier === body.credential_id,
          );
          // Removing a factor is a factor change: with a token alone, nobody strips the user's MFA.
          const factor = account !== undefined && isMfaPasskey(account.details);
          if (factor) await assertMfaVerified(ctx, c);
          const user = await unlinkAccount(ctx, app, userId, 'passkey', body.credential_id);
          if (factor && !user.mfaMethods.some((method) => method.type === 'passkey'))
            await recordMfaChange(ctx.db, app.id, userId, 'passkey', false, ctx.now());
          return c.json(toWireUser(user));
        },
      }),
    ];
  },
  fixtures: passkeyFixtures({
    registerInit: passkeyApi.passkeyRegisterInit.path,
    register: passkeyApi.passkeyRegister.path,
    authenticateInit: passkeyApi.passkeyAuthenticateInit.path,
    authenticate: passkeyApi.passkeyAuthenticate.path,
    linkInit: passkeyApi.passkeyLinkInit.path,
    link: passkeyApi.passkeyLink.path,
    unlink: passkeyApi.passkeyUnlink.path,
  }),
};
