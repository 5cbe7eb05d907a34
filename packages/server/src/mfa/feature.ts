import { mfaApi, mfaAuthApi } from '@latchkey/protocol';
import type { Context } from 'hono';
import { toWireUser } from '../accounts/user-record.ts';
import { type Feature, type Route, route } from '../feature.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { relyingPartyOf } from '../passkeys/relying-party.ts';
import { assertMfaVerified, issueMfaToken, mfaSubject, requireMfa } from '../tokens/mfa-token.ts';
import {
  codeBody,
  emptyBody,
  passkeyEnrollmentBody,
  passkeyInitBody,
  passkeyVerifyBody,
  smsEnrollBody,
  smsInitBody,
} from './bodies.ts';
import { reloadUser, removeFactor } from './factors.ts';
import { mfaFixtures } from './fixtures.ts';
import { mfaMigrations } from './migrations.ts';
import { passkeyMfaOptions, setPasskeyFactors, verifyPasskeyMfa } from './passkey-factor.ts';
import { mfaSweeps } from './retention.ts';
import { enrollSms, sendEnrollmentCode, sendVerificationCode, verifySms } from './sms-factor.ts';
import { enrollTotp, startTotp, verifyTotp } from './totp-factor.ts';

/** How a `verify` route answers a right code: an MFA token (`/mfa`), or `{success}` (`/mfa_auth`). */
type VerifiedAnswer = 'token' | 'success';

/** The TOTP routes, under `/mfa` and under `/mfa_auth`: one body each, the same in both tables. */
const totpRoutes = {
  mfa: {
    init: mfaApi.mfaTotpInit,
    enroll: mfaApi.mfaTotpEnroll,
    verify: mfaApi.mfaTotpVerify,
    unenroll: mfaApi.mfaTotpUnenroll,
  },
  mfaAuth: {
    init: mfaAuthApi.mfaAuthTotpInit,
    enroll: mfaAuthApi.mfaAuthTotpEnroll,
    verify: mfaAuthApi.mfaAuthTotpVerify,
    unenroll: mfaAuthApi.mfaAuthTotpUnenroll,
  },
};
type TotpRoutes = (typeof totpRoutes)[keyof typeof totpRoutes];

const passkeyRoutes = {
  mfa: {
    init: mfaApi.mfaPasskeyInit,
    verify: mfaApi.mfaPasskeyVerify,
    enrollment: mfaApi.mfaPasskeyEnrollment,
  },
  mfaAuth: {
    init: mfaAuthApi.mfaAuthPasskeyInit,
    verify: mfaAuthApi.mfaAuthPasskeyVerify,
    enrollment: mfaAuthApi.mfaAuthPasskeyEnrollment,
  },
};
type PasskeyRoutes = (typeof passkeyRoutes)[keyof typeof passkeyRoutes];

/**
 * `/api/v1/mfa/*` and `/api/v1/mfa_auth/*` (WIRE.md §3.7): enrolling, verifying and removing the
 * factors of the logged-in user: SMS (sms-factor.ts), an authenticator app (totp-factor.ts) and
 * passkeys (passkey-factor.ts). A right code at `verify` buys an MFA token for the user and session
 * (tokens/mfa-token.ts), which the frame API's share releases and session check require once the
 * user has a factor; every factor change (enrolment, removal) requires it too, so holding a user's
 * tokens is not enough to add one's own factor or strip theirs.
 *
 * Auth: the routes the wallet frame calls (`verify`, enrolment, removal) are `frame` routes: with a
 * cookie session only the frame's own origin may call them. The host page starts a verification
 * (`passwordless_sms/init {action:'verify'}`, `passkeys/init`), so those are `user` routes.
 */
export const mfaFeature: Feature = {
  name: 'mfa',
  sweeps: mfaSweeps,
  migrations: mfaMigrations,
  routes: ({ ctx }) => {
    const ip = (c: Context<AppEnv>) => clientIp(c, ctx.settings.trustProxy);
    const limit = (c: Context<AppEnv>) => ctx.rateLimits.consume('verifyIp', ip(c));
    const factorChange = [requireMfa(ctx)];
    const verified = async (c: Context<AppEnv>, answer: VerifiedAnswer, method: 'sms' | 'totp' | 'passkey') =>
      c.json(answer === 'token' ? await issueMfaToken(ctx, mfaSubject(c), method) : { success: true });

    const sms: Route[] = [
      route(mfaApi.mfaSmsInit, {
        auth: 'user',
        body: smsInitBody,
        handler: async (c, body) => {
          const { app, auth } = { app: c.get('app'), auth: c.get('auth') };
          if (body.action === 'verify') await sendVerificationCode(ctx, app, auth.userId, ip(c));
          else {
            await assertMfaVerified(ctx, c);
            await sendEnrollmentCode(ctx, app, auth.userId, body.phoneNumber, ip(c));
          }
          return c.json({ success: true });
        },
      }),
      route(mfaApi.mfaSmsEnroll, {
        auth: 'frame',
        middleware: factorChange,
        body: smsEnrollBody,
        handler: async (c, body) => {
          const app = c.get('app');
          const { userId } = c.get('auth');
          await limit(c);
          await enrollSms(ctx, app, userId, body.phoneNumber, body.code);
          return c.json(toWireUser(await reloadUser(ctx, app, userId)));
        },
      }),
      route(mfaApi.mfaSmsVerify, {
        auth: 'frame',
        body: codeBody,
        handler: async (c, body) => {
          await limit(c);
          await verifySms(ctx, c.get('app'), c.get('auth').userId, body.code);
          return verified(c, 'token', 'sms');
        },
      }),
      route(mfaApi.mfaSmsUnenroll, {
        auth: 'frame',
        middleware: factorChange,
        body: emptyBody,
        handler: async (c) => {
          await removeFactor(ctx, c.get('app'), c.get('auth').userId, 'sms');
          return c.json({ success: true });
        },
      }),
    ];

    const totp = (routes: TotpRoutes, answer: VerifiedAnswer): Route[] => [
      route(routes.init, {
        auth: 'frame',
        middleware: factorChange,
        body: emptyBody,
        handler: async (c) => {
          const app = c.get('app');
          return c.json(await startTotp(ctx, app, await reloadUser(ctx, app, c.get('auth').userId)));
        },
      }),
      route(routes.enroll, {
        auth: 'frame',
        middleware: factorChange,
        body: codeBody,
        handler: async (c, body) => {
          const app = c.get('app');
          const { userId } = c.get('auth');
          await limit(c);
          await enrollTotp(ctx, app, userId, body.code);
          return c.json(toWireUser(await reloadUser(ctx, app, userId)));
        },
      }),
      route(routes.verify, {
        auth: 'frame',
        body: codeBody,
        handler: async (c, body) => {
          await limit(c);
          await verifyTotp(ctx, c.get('app'), c.get('auth').userId, body.code);
          return verified(c, answer, 'totp');
        },
      }),
      route(routes.unenroll, {
        auth: 'frame',
        middleware: factorChange,
        body: emptyBody,
        handler: async (c) => {
          await removeFactor(ctx, c.get('app'), c.get('auth').userId, 'totp');
          return c.json({ success: true });
        },
      }),
    ];

    const passkeys = (routes: PasskeyRoutes, answer: VerifiedAnswer): Route[] => [
      route(routes.init, {
        auth: 'user',
        body: passkeyInitBody,
        handler: async (c, body) => {
          const app = c.get('app');
          const relyingParty = relyingPartyOf(app, body.relying_party);
          const user = await reloadUser(ctx, app, c.get('auth').userId);
          await limit(c);
          const options = await passkeyMfaOptions(ctx, app, user, relyingParty);
          return c.json({ options, relying_party: relyingParty.origin });
        },
      }),
      route(routes.verify, {
        auth: 'frame',
        body: passkeyVerifyBody,
        handler: async (c, body) => {
          const app = c.get('app');
          const relyingParty = relyingPartyOf(app, body.relying_party);
          const user = await reloadUser(ctx, app, c.get('auth').userId);
          await limit(c);
          await verifyPasskeyMfa(ctx, app, user, relyingParty, body.authenticator_response);
          return verified(c, answer, 'passkey');
        },
      }),
      route(routes.enrollment, {
        auth: 'frame',
        middleware: factorChange,
        body: passkeyEnrollmentBody,
        handler: async (c, body) => {
          const app = c.get('app');
          await setPasskeyFactors(
            ctx,
            app,
            c.get('auth').userId,
            body.credential_ids,
            body.remove_for_login === true,
          );
          return c.json({});
        },
      }),
    ];

    return [
      ...sms,
      ...totp(totpRoutes.mfa, 'token'),
      ...passkeys(passkeyRoutes.mfa, 'token'),
      ...totp(totpRoutes.mfaAuth, 'success'),
      ...passkeys(passkeyRoutes.mfaAuth, 'success'),
    ];
  },
  fixtures: mfaFixtures,
};
