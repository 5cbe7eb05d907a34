import { mfaApi, mfaAuthApi } from '@latchkey/protocol';
import {
  always,
  invalidCredentials,
  invalidData,
  linkedAccountNotFound,
  ok,
  type RouteFixture,
  wrongCode,
} from '../hostile-fixtures.ts';

/*
 * The MFA routes' hostile-input fixtures (test/integration/hostile-input.test.ts). The suite's
 * victim has no factor: verifying and removing find none (`linked_account_not_found`), enrolling
 * starts (`init`) or fails on its code, and no factor change needs an MFA token. The suite's app
 * offers every factor (`mfa_methods`).
 */

const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
/** A number no other call used: codes are counted per user and number. */
const freshPhone = (n: number) => `+1415557${String(n).padStart(4, '0')}`;
const assertionFixture = () => {
  const id = b64(`unknown-${Math.random()}`);
  return {
    authenticator_response: {
      id,
      raw_id: id,
      type: 'public-key',
      client_extension_results: {},
      response: {
        client_data_json: b64(JSON.stringify({ type: 'webauthn.get', challenge: b64('never issued') })),
        authenticator_data: b64(new Uint8Array(37)),
        signature: b64(new Uint8Array(70)),
      },
    },
  };
};

const code: RouteFixture = {
  body: () => ({ code: wrongCode }),
  valid: linkedAccountNotFound,
  required: ['code'],
  strings: { code: always(invalidData) },
};
const nothingToRemove: RouteFixture = {
  body: () => ({}),
  valid: linkedAccountNotFound,
  empty: linkedAccountNotFound,
};

function totp(paths: {
  init: string;
  enroll: string;
  verify: string;
  unenroll: string;
}): Record<string, RouteFixture> {
  return {
    [`POST ${paths.init}`]: { body: () => ({}), valid: ok, empty: ok },
    // A pending enrolment or none: either way the code does not verify.
    [`POST ${paths.enroll}`]: { ...code, valid: invalidCredentials },
    [`POST ${paths.verify}`]: code,
    [`POST ${paths.unenroll}`]: nothingToRemove,
  };
}

function passkeys(paths: { init: string; verify: string; enrollment: string }): Record<string, RouteFixture> {
  return {
    [`POST ${paths.init}`]: {
      body: () => ({}),
      valid: linkedAccountNotFound,
      empty: linkedAccountNotFound,
      strings: { relying_party: always(invalidData) },
    },
    [`POST ${paths.verify}`]: {
      body: assertionFixture,
      valid: invalidCredentials,
      required: ['authenticator_response'],
      strings: { authenticator_response: always(invalidData), relying_party: always(invalidData) },
    },
    [`POST ${paths.enrollment}`]: {
      body: () => ({ credential_ids: [b64('not linked')] }),
      valid: linkedAccountNotFound,
      required: ['credential_ids'],
    },
  };
}

export const mfaFixtures: Record<string, RouteFixture> = {
  [`POST ${mfaApi.mfaSmsInit.path}`]: {
    body: (env) => ({ action: 'enroll', phoneNumber: freshPhone(env.next()) }),
    valid: ok,
    required: ['action', 'phoneNumber'],
    strings: { action: always(invalidData), phoneNumber: always(invalidData) },
  },
  [`POST ${mfaApi.mfaSmsEnroll.path}`]: {
    body: (env) => ({ phoneNumber: freshPhone(env.next()), code: wrongCode }),
    valid: invalidCredentials,
    required: ['phoneNumber', 'code'],
    strings: { phoneNumber: always(invalidData), code: always(invalidData) },
  },
  [`POST ${mfaApi.mfaSmsVerify.path}`]: code,
  [`POST ${mfaApi.mfaSmsUnenroll.path}`]: nothingToRemove,
  ...totp({
    init: mfaApi.mfaTotpInit.path,
    enroll: mfaApi.mfaTotpEnroll.path,
    verify: mfaApi.mfaTotpVerify.path,
    unenroll: mfaApi.mfaTotpUnenroll.path,
  }),
  ...totp({
    init: mfaAuthApi.mfaAuthTotpInit.path,
    enroll: mfaAuthApi.mfaAuthTotpEnroll.path,
    verify: mfaAuthApi.mfaAuthTotpVerify.path,
    unenroll: mfaAuthApi.mfaAuthTotpUnenroll.path,
  }),
  ...passkeys({
    init: mfaApi.mfaPasskeyInit.path,
    verify: mfaApi.mfaPasskeyVerify.path,
    enrollment: mfaApi.mfaPasskeyEnrollment.path,
  }),
  ...passkeys({
    init: mfaAuthApi.mfaAuthPasskeyInit.path,
    verify: mfaAuthApi.mfaAuthPasskeyVerify.path,
    enrollment: mfaAuthApi.mfaAuthPasskeyEnrollment.path,
  }),
};
