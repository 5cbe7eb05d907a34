import { emailApi, routes, transferApi } from '@latchkey/protocol';
import { z } from 'zod';
import { assertCaptcha } from '../captcha/assert-captcha.ts';
import { acceptEmail, normaliseEmail } from '../codes/email-address.ts';
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

const email = boundedString(320);
const proof = { email, code: codeInput };
const identity = (address: string) => ({ type: 'email' as const, identifier: address });

/**
 * `/api/v1/passwordless/*`: email codes for login, linking and updating, and taking over an
 * email another user owns (WIRE.md §3.2).
 */
export const emailFeature: Feature = {
  name: 'email',
  routes: ({ ctx }) =>
    identityMethodRoutes(ctx, {
      type: 'email',
      authenticate: bindBody(emailApi.emailAuthenticate, z.object({ ...proof, mode: loginMode })),
      link: bindBody(emailApi.emailLink, z.object(proof)),
      accept: (app, body) => ({ address: acceptEmail(app, body.email), code: body.code }),
      verify: async (ctx, app, { address, code }) => {
        const owner = await consumeCode(ctx, app, 'email', address, code, 'email');
        return { identity: identity(address), answer: {}, owner };
      },
      init: {
        body: bindBody(emailApi.emailInit, z.object({ email, token: boundedString(4096).optional() })),
        send: async (ctx, app, body, ip) => {
          const identifier = acceptEmail(app, body.email);
          await assertCaptcha(ctx, app, body.token, ip);
          await sendCode(ctx, app, { channel: 'email', identifier, via: 'email', ip });
        },
      },
      update: {
        body: bindBody(
          emailApi.emailUpdate,
          z.object({ oldAddress: email, newAddress: email, code: codeInput }),
        ),
        accept: (app, body) => ({
          next: { address: acceptEmail(app, body.newAddress, 'newAddress'), code: body.code },
          old: normaliseEmail(body.oldAddress, 'oldAddress'),
        }),
      },
      unlink: {
        body: bindBody(emailApi.emailUnlink, z.object({ address: email })),
        identifier: (_app, body) => normaliseEmail(body.address, 'address'),
      },
      transfer: {
        body: bindBody(transferApi.emailTransfer, z.object({ email, nonce: transferNonceInput })),
        identity: (app, body) => identity(acceptEmail(app, body.email)),
      },
    }),
  fixtures: {
    [`POST ${routes.emailInit}`]: {
      body: (env) => ({ email: `hostile-${env.next()}@example.com` }),
      valid: ok,
      required: ['email'],
      strings: { email: always(invalidData) },
    },
    [`POST ${routes.emailAuthenticate}`]: {
      body: (env) => ({ email: `nobody-${env.next()}@example.com`, code: wrongCode }),
      valid: invalidCredentials,
      required: ['email', 'code'],
      strings: { email: always(invalidData), code: always(invalidData), mode: always(invalidData) },
    },
    [`POST ${routes.emailLink}`]: {
      body: (env) => ({ email: `link-target-${env.next()}@example.com`, code: wrongCode }),
      valid: invalidCredentials,
      required: ['email', 'code'],
      strings: { email: always(invalidData), code: always(invalidData) },
    },
    [`POST ${routes.emailUpdate}`]: {
      body: (env) => ({
        oldAddress: 'victim@example.com',
        newAddress: `new-${env.next()}@example.com`,
        code: wrongCode,
      }),
      valid: invalidCredentials,
      required: ['oldAddress', 'newAddress', 'code'],
      strings: {
        oldAddress: always(invalidData),
        newAddress: always(invalidData),
        code: always(invalidData),
      },
    },
    [`POST ${routes.emailUnlink}`]: {
      body: () => ({ address: 'not-linked@example.com' }),
      valid: linkedAccountNotFound,
      required: ['address'],
      strings: { address: always(invalidData) },
    },
    [`POST ${routes.emailTransfer}`]: {
      body: () => ({ email: 'transfer-target@example.com', nonce: neverIssuedTransfer }),
      valid: invalidCredentials,
      required: ['email', 'nonce'],
      strings: { email: always(invalidData), nonce: label(invalidCredentials) },
    },
  },
};
