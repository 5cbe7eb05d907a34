import {
  oauthAccountType,
  oauthApi,
  oauthCallbackApi,
  oauthProviderOf,
  routes,
  transferApi,
} from '@latchkey/protocol';
import { z } from 'zod';
import { assertCaptcha } from '../captcha/assert-captcha.ts';
import { bindBody, type Feature, route } from '../feature.ts';
import {
  always,
  invalidCredentials,
  invalidData,
  label,
  linkedAccountNotFound,
  neverIssuedTransfer,
  ok,
} from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { loginMode } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { identityMethodRoutes } from '../login/identity-method.ts';
import { oauthAccount } from './account-type.ts';
import { oauthAppCommand } from './app-command.ts';
import { codeProof, initBody, transferBody, unlinkBody } from './bodies.ts';
import { oauthCallback } from './callback.ts';
import { assertProviderEnabled, parseProvider, providerClient } from './credentials.ts';
import { ProviderEndpoints } from './endpoints.ts';
import { oauthMigrations } from './migrations.ts';
import { acceptCode, redeemCode } from './redeem-code.ts';
import { acceptRedirectTarget } from './redirect-target.ts';
import { oauthSweeps } from './retention.ts';
import { startLogin } from './start-login.ts';

/** A well-formed PKCE value (base64url) for fixtures. */
const b64url = (length: number, fill = 'A') => fill.repeat(length);
const codeTemplate = (n: number) => ({
  authorization_code: `never-issued-${n}`,
  state_code: b64url(48, 'S'),
  code_verifier: b64url(48, 'V'),
});
const callbackCoverage = 'test/security/oauth-callback.security.test.ts';

/**
 * `/api/v1/oauth/*`: social logins at the ten providers and custom OpenID providers (WIRE.md
 * §3.4). `init` answers the provider's authorization URL; the provider returns to the server's
 * callback, which redirects to the app with a one-time Latchkey code; `authenticate` and `link`
 * redeem it (PKCE and state checked), exchange the provider's code and read the profile.
 */
export const oauthFeature: Feature = {
  name: 'oauth',
  sweeps: oauthSweeps,
  accountTypes: [oauthAccount],
  appCommands: [oauthAppCommand],
  migrations: oauthMigrations,
  routes: ({ ctx }) => {
    // Per server: custom providers' discovered metadata is cached here.
    const endpoints = new ProviderEndpoints(ctx.settings);
    const ip = (c: Parameters<typeof clientIp>[0]) => clientIp(c, ctx.settings.trustProxy);
    return [
      route(oauthApi.oauthInit, {
        auth: 'app',
        body: initBody,
        handler: async (c, body) => {
          const app = c.get('app');
          const provider = parseProvider(body.provider);
          assertProviderEnabled(app, provider);
          const redirectTo = acceptRedirectTarget(app, body.redirect_to, c.req.header('origin'));
          // An unconfigured provider is refused before the captcha token is spent on it.
          providerClient(ctx, app, provider);
          await assertCaptcha(ctx, app, body.token, ip(c));
          await ctx.rateLimits.consume('verifyIp', ip(c));
          const url = await startLogin(ctx, endpoints, app, {
            provider,
            redirectTo,
            clientState: body.state_code,
            codeChallenge: body.code_challenge,
          });
          return c.json({ url });
        },
      }),
      ...identityMethodRoutes(ctx, {
        authenticate: bindBody(oauthApi.oauthAuthenticate, z.object({ ...codeProof, mode: loginMode })),
        link: bindBody(oauthApi.oauthLink, z.object(codeProof)),
        accept: (_app, body) => acceptCode(body),
        verify: (ctx, app, accepted) => redeemCode(ctx, endpoints, app, accepted),
        unlink: {
          body: bindBody(oauthApi.oauthUnlink, unlinkBody),
          identifier: (_app, body) => ({
            type: oauthAccountType(parseProvider(body.provider)),
            identifier: body.subject,
          }),
        },
        transfer: {
          body: bindBody(transferApi.oauthTransfer, transferBody),
          identity: (app, body) => {
            // Native: the code again, redeemed like a link; web: the account the nonce names.
            if (body.authorization_code !== undefined) {
              if (body.state_code === undefined)
                throw new ApiError('invalid_data', 'Invalid state_code: Required with authorization_code.');
              const accepted = acceptCode({
                ...body,
                authorization_code: body.authorization_code,
                state_code: body.state_code,
                code_verifier: body.code_verifier,
              });
              return { prove: async () => (await redeemCode(ctx, endpoints, app, accepted)).identity };
            }
            const info = body.userInfo;
            if (!info)
              throw new ApiError(
                'invalid_data',
                'Invalid request body: userInfo or authorization_code is required.',
              );
            // The stored profile stays the one the provider gave; only `subject` is read here.
            return {
              fromGrant: (grant) =>
                oauthProviderOf(grant.type) ? { type: grant.type, identifier: info.subject } : null,
            };
          },
        },
      }),
      route(oauthCallbackApi.oauthCallback, {
        auth: 'public',
        handler: (c) => oauthCallback(ctx, c, new URL(c.req.url).searchParams),
      }),
      route(oauthCallbackApi.oauthCallbackFormPost, {
        auth: 'public',
        handler: async (c) => {
          // `response_mode=form_post` (Apple): an HTML form's urlencoded body, not JSON.
          const form = /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')
            ? new URLSearchParams(await c.req.text())
            : new URLSearchParams();
          return oauthCallback(ctx, c, form);
        },
      }),
    ];
  },
  fixtures: {
    [`POST ${routes.oauthInit}`]: {
      body: (env) => ({
        provider: 'google',
        redirect_to: `http://app.test/after-login?n=${env.next()}`,
        code_challenge: b64url(43, 'C'),
        state_code: b64url(48, 'S'),
      }),
      valid: ok,
      required: ['provider', 'redirect_to', 'code_challenge', 'state_code'],
      strings: {
        provider: always(invalidData),
        redirect_to: always(invalidData),
        token: label(ok),
        code_challenge: always(invalidData),
        state_code: always(invalidData),
      },
    },
    [`POST ${routes.oauthAuthenticate}`]: {
      body: (env) => codeTemplate(env.next()),
      valid: invalidCredentials,
      required: ['authorization_code', 'state_code'],
      strings: {
        authorization_code: label(invalidCredentials),
        state_code: label(invalidCredentials),
        code_verifier: always(invalidData),
        code_type: always(invalidData),
        provider: label(invalidCredentials),
        mode: always(invalidData),
      },
    },
    [`POST ${routes.oauthLink}`]: {
      body: (env) => codeTemplate(env.next()),
      valid: invalidCredentials,
      required: ['authorization_code', 'state_code'],
      strings: {
        authorization_code: label(invalidCredentials),
        state_code: label(invalidCredentials),
        code_verifier: always(invalidData),
        code_type: always(invalidData),
        provider: label(invalidCredentials),
      },
    },
    [`POST ${routes.oauthUnlink}`]: {
      body: () => ({ provider: 'google', subject: 'not-linked' }),
      valid: linkedAccountNotFound,
      required: ['provider', 'subject'],
      strings: { provider: always(invalidData), subject: label(linkedAccountNotFound) },
    },
    [`POST ${routes.oauthTransfer}`]: {
      body: () => ({ nonce: neverIssuedTransfer, userInfo: { subject: 'someone' } }),
      valid: invalidCredentials,
      required: ['nonce', 'userInfo'],
      strings: { nonce: label(invalidCredentials) },
    },
    [`GET ${routes.oauthCallback}`]: { valid: { status: 400 }, coveredBy: callbackCoverage },
    [`POST ${routes.oauthCallback}`]: { valid: { status: 400 }, coveredBy: callbackCoverage },
  },
};
