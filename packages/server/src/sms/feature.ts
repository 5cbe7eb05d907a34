import { routes, smsApi, transferApi } from '@latchkey/protocol';
import { z } from 'zod';
import type { VerifiedIdentity } from '../accounts/account-record.ts';
import { assertCaptcha } from '../captcha/assert-captcha.ts';
import { acceptPhone, normalisePhone, type PhoneNumber } from '../codes/phone-number.ts';
import { codeInput, sendCode } from '../codes/send-code.ts';
import { consumeCode } from '../codes/verification-codes.ts';
import { bindBody, type Feature } from '../feature.ts';
import {
  always,
  invalidCredentials,
  invalidData,
  label,
  linkedAccountNotFound,
  neverIssuedTransfer,
  ok,
  wrongCode,
} from '../hostile-fixtures.ts';
import { boundedString, loginMode } from '../http/body.ts';
import { identityMethodRoutes } from '../login/identity-method.ts';
import { transferNonceInput } from '../login/transfer-nonces.ts';

const phone = boundedString(64);
const proof = { phoneNumber: phone, code: codeInput };
const identity = (p: PhoneNumber): VerifiedIdentity => ({
  type: 'phone',
  identifier: p.e164,
  details: { display: p.display },
});
/** A number no other request used: wrong codes are counted per identifier (5 per window). */
const freshPhone = (n: number) => `+1415556${String(n).padStart(4, '0')}`;

/**
 * `/api/v1/passwordless_sms/*`: SMS (or WhatsApp) codes for login, linking and updating, and
 * taking over a number another user owns.
 */
export const smsFeature: Feature = {
  name: 'sms',
  routes: ({ ctx }) =>
    identityMethodRoutes(ctx, {
      type: 'phone',
      authenticate: bindBody(smsApi.smsAuthenticate, z.object({ ...proof, mode: loginMode })),
      link: bindBody(smsApi.smsLink, z.object(proof)),
      accept: (app, body) => ({ number: acceptPhone(app, body.phoneNumber), code: body.code }),
      verify: async (ctx, app, { number, code }) => {
        const owner = await consumeCode(ctx, app, 'sms', number.e164, code, 'phone');
        return { identity: identity(number), answer: {}, owner };
      },
      init: {
        body: bindBody(
          smsApi.smsInit,
          z.object({ phoneNumber: phone, token: boundedString(4096).optional() }),
        ),
        send: async (ctx, app, body, ip) => {
          const number = acceptPhone(app, body.phoneNumber);
          const via = app.config.whatsapp_enabled ? 'whatsapp' : 'sms';
          await assertCaptcha(ctx, app, body.token, ip);
          await sendCode(ctx, app, { channel: 'sms', identifier: number.e164, via, ip });
        },
      },
      update: {
        // snake_case here, camelCase elsewhere: exactly as the incumbent's clients send it (WIRE.md §3.2).
        body: bindBody(
          smsApi.smsUpdate,
          z.object({ old_phone_number: phone, new_phone_number: phone, code: codeInput }),
        ),
        accept: (app, body) => ({
          next: { number: acceptPhone(app, body.new_phone_number), code: body.code },
          old: normalisePhone(body.old_phone_number).e164,
        }),
      },
      unlink: {
        body: bindBody(smsApi.smsUnlink, z.object({ phoneNumber: phone })),
        identifier: (_app, body) => normalisePhone(body.phoneNumber).e164,
      },
      transfer: {
        body: bindBody(transferApi.smsTransfer, z.object({ phoneNumber: phone, nonce: transferNonceInput })),
        identity: (app, body) => identity(acceptPhone(app, body.phoneNumber)),
      },
    }),
  fixtures: {
    [`POST ${routes.smsInit}`]: {
      body: (env) => ({ phoneNumber: `+1 415 555 ${String(1000 + env.next()).slice(-4)}` }),
      valid: ok,
      required: ['phoneNumber'],
      strings: { phoneNumber: always(invalidData) },
    },
    [`POST ${routes.smsAuthenticate}`]: {
      body: (env) => ({ phoneNumber: freshPhone(env.next()), code: wrongCode }),
      valid: invalidCredentials,
      required: ['phoneNumber', 'code'],
      strings: { phoneNumber: always(invalidData), code: always(invalidData), mode: always(invalidData) },
    },
    [`POST ${routes.smsLink}`]: {
      body: (env) => ({ phoneNumber: freshPhone(env.next()), code: wrongCode }),
      valid: invalidCredentials,
      required: ['phoneNumber', 'code'],
      strings: { phoneNumber: always(invalidData), code: always(invalidData) },
    },
    [`POST ${routes.smsUpdate}`]: {
      body: (env) => ({
        old_phone_number: '+14155550197',
        new_phone_number: freshPhone(env.next()),
        code: wrongCode,
      }),
      valid: invalidCredentials,
      required: ['old_phone_number', 'new_phone_number', 'code'],
      strings: {
        old_phone_number: always(invalidData),
        new_phone_number: always(invalidData),
        code: always(invalidData),
      },
    },
    [`POST ${routes.smsUnlink}`]: {
      body: () => ({ phoneNumber: '+14155550195' }),
      valid: linkedAccountNotFound,
      required: ['phoneNumber'],
      strings: { phoneNumber: always(invalidData) },
    },
    [`POST ${routes.smsTransfer}`]: {
      body: () => ({ phoneNumber: '+14155550194', nonce: neverIssuedTransfer }),
      valid: invalidCredentials,
      required: ['phoneNumber', 'nonce'],
      strings: { phoneNumber: always(invalidData), nonce: label(invalidCredentials) },
    },
  },
};
