import {
  always,
  invalidCredentials,
  invalidData,
  label,
  linkedAccountNotFound,
  ok,
  type RouteFixture,
} from '../hostile-fixtures.ts';

/** A well-formed response that was never asked for: base64url of JSON, and of bytes. */
const b64 = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
const clientData = (type: string) =>
  b64(JSON.stringify({ type, challenge: b64('never issued'), origin: 'http://app.test' }));
const unknownCredential = () => {
  const id = b64(`unknown-${Math.random()}`);
  return { id, raw_id: id, type: 'public-key', client_extension_results: {} };
};
const registrationFixture = () => ({
  authenticator_response: {
    ...unknownCredential(),
    response: {
      client_data_json: clientData('webauthn.create'),
      attestation_object: b64(new Uint8Array(64)),
    },
  },
});
const assertionFixture = () => ({
  challenge: b64('never issued'),
  authenticator_response: {
    ...unknownCredential(),
    response: {
      client_data_json: clientData('webauthn.get'),
      authenticator_data: b64(new Uint8Array(37)),
      signature: b64(new Uint8Array(70)),
    },
  },
});

/** The passkey routes' hostile-input fixtures (`test/integration/hostile-input.test.ts`). */
export function passkeyFixtures(
  paths: Record<
    'registerInit' | 'register' | 'authenticateInit' | 'authenticate' | 'linkInit' | 'link' | 'unlink',
    string
  >,
): Record<string, RouteFixture> {
  return {
    [`POST ${paths.registerInit}`]: {
      body: () => ({}),
      valid: ok,
      // Every field is optional: no body at all is `{}`.
      empty: ok,
      strings: { token: label(ok), relying_party: always(invalidData) },
    },
    [`POST ${paths.register}`]: {
      body: registrationFixture,
      valid: invalidCredentials,
      required: ['authenticator_response'],
      strings: { authenticator_response: always(invalidData), relying_party: always(invalidData) },
    },
    [`POST ${paths.authenticateInit}`]: {
      body: () => ({}),
      valid: ok,
      // Every field is optional: no body at all is `{}`.
      empty: ok,
      strings: { token: label(ok), relying_party: always(invalidData) },
    },
    [`POST ${paths.authenticate}`]: {
      body: assertionFixture,
      valid: invalidCredentials,
      required: ['authenticator_response', 'challenge'],
      strings: {
        authenticator_response: always(invalidData),
        challenge: always(invalidData),
        relying_party: always(invalidData),
      },
    },
    [`POST ${paths.linkInit}`]: {
      body: () => ({}),
      valid: ok,
      // Every field is optional: no body at all is `{}`.
      empty: ok,
      strings: { relying_party: always(invalidData) },
    },
    [`POST ${paths.link}`]: {
      body: registrationFixture,
      valid: invalidCredentials,
      required: ['authenticator_response'],
      strings: { authenticator_response: always(invalidData), relying_party: always(invalidData) },
    },
    [`POST ${paths.unlink}`]: {
      body: () => ({ credential_id: b64('not linked') }),
      valid: linkedAccountNotFound,
      required: ['credential_id'],
      strings: { credential_id: always(invalidData) },
    },
  };
}
