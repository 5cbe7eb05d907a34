import { describe, expect, it } from 'vitest';
import {
  assertionFromWire,
  assertionToWire,
  creationOptionsFromWire,
  creationOptionsToWire,
  registrationFromWire,
  registrationToWire,
  requestOptionsFromWire,
  requestOptionsToWire,
  type WebAuthnAssertionJSON,
  type WebAuthnCreationOptionsJSON,
  type WebAuthnRegistrationJSON,
} from './passkey-wire.ts';

const creation: WebAuthnCreationOptionsJSON = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'App', id: 'app.example.com' },
  user: { id: 'dXNlcg', name: 'alice@example.com', displayName: 'Alice' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  timeout: 60000,
  attestation: 'none',
  excludeCredentials: [{ id: 'Y3JlZA', type: 'public-key', transports: ['internal'] }],
  authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  extensions: { credProps: true },
};

describe('passkey wire forms (WIRE.md §3.5)', () => {
  it('writes registration options in snake_case and reads them back', () => {
    const wire = creationOptionsToWire(creation);
    expect(wire).toEqual({
      challenge: 'Y2hhbGxlbmdl',
      rp: { name: 'App', id: 'app.example.com' },
      user: { id: 'dXNlcg', name: 'alice@example.com', display_name: 'Alice' },
      pub_key_cred_params: [{ alg: -7, type: 'public-key' }],
      timeout: 60000,
      attestation: 'none',
      exclude_credentials: [{ id: 'Y3JlZA', type: 'public-key', transports: ['internal'] }],
      authenticator_selection: {
        resident_key: 'required',
        require_resident_key: true,
        user_verification: 'required',
      },
      extensions: { cred_props: true },
    });
    expect(creationOptionsFromWire(wire)).toEqual(creation);
  });

  it('writes authentication options in snake_case and reads them back', () => {
    const options = {
      challenge: 'Yw',
      rpId: 'app.example.com',
      userVerification: 'required',
      allowCredentials: [],
    };
    const wire = requestOptionsToWire(options);
    expect(wire).toEqual({
      challenge: 'Yw',
      rp_id: 'app.example.com',
      user_verification: 'required',
      allow_credentials: [],
    });
    expect(requestOptionsFromWire(wire)).toEqual(options);
  });

  it('carries a registration and an assertion both ways, unset fields left out', () => {
    const registration: WebAuthnRegistrationJSON = {
      id: 'aWQ',
      rawId: 'aWQ',
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        clientDataJSON: 'Y2Q',
        attestationObject: 'YW8',
        transports: ['internal'],
        publicKeyAlgorithm: -7,
      },
    };
    const wire = registrationToWire(registration);
    expect(wire).toEqual({
      id: 'aWQ',
      raw_id: 'aWQ',
      type: 'public-key',
      authenticator_attachment: 'platform',
      client_extension_results: { cred_props: { rk: true } },
      response: {
        client_data_json: 'Y2Q',
        attestation_object: 'YW8',
        transports: ['internal'],
        public_key_algorithm: -7,
      },
    });
    expect(registrationFromWire(wire)).toEqual(registration);

    const assertion: WebAuthnAssertionJSON = {
      id: 'aWQ',
      rawId: 'aWQ',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'Y2Q', authenticatorData: 'YWQ', signature: 'c2ln', userHandle: 'dWg' },
    };
    const wireAssertion = assertionToWire(assertion);
    expect(wireAssertion.response).toEqual({
      client_data_json: 'Y2Q',
      authenticator_data: 'YWQ',
      signature: 'c2ln',
      user_handle: 'dWg',
    });
    expect(wireAssertion).not.toHaveProperty('authenticator_attachment');
    expect(assertionFromWire(wireAssertion)).toEqual(assertion);
  });

  it('copies only the names it knows (nothing else rides along)', () => {
    const wire = requestOptionsToWire({ challenge: 'Yw', polluted: true } as never);
    expect(wire).toEqual({ challenge: 'Yw' });
  });
});
