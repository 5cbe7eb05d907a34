import {
  always,
  type HostileString,
  invalidCredentials,
  invalidData,
  label,
  linkedAccountNotFound,
  neverIssuedTransfer,
  type Outcome,
  ok,
  type RouteFixture,
} from '../hostile-fixtures.ts';

/**
 * The Farcaster routes' hostile-input fixtures (`test/integration/hostile-input.test.ts`, whose app
 * enables Farcaster login and whose server has no relay key): well-formed sign-ins name a channel
 * or nonce never issued (`invalid_credentials`); junk messages and signatures are refused before
 * any lookup (`invalid_data`).
 */

/** A well-formed SIWF message for fid 1 with a nonce never issued. */
const siwf = () =>
  [
    'app.test wants you to sign in with your Ethereum account:',
    '0x94Bac74eC80C25fd5F19A76F2cd74a46d6618c3A',
    '',
    'Farcaster Auth',
    '',
    'URI: http://app.test',
    'Version: 1',
    'Chain ID: 10',
    'Nonce: neverissued0000',
    `Issued At: ${new Date().toISOString()}`,
    'Resources:',
    '- farcaster://fid/1',
  ].join('\n');
const signature = `0x${'11'.repeat(65)}`;
const signIn = () => ({
  channel_token: 'NEVERISSUED23456789ABCDEFGHJKLMN',
  message: siwf(),
  signature,
  fid: 1,
});

/** Text that fits its bound: NUL is refused, anything else is `otherwise`. */
const text = (otherwise: Outcome) => (kind: HostileString) =>
  kind === 'nul' || kind === 'nulInside' ? invalidData : otherwise;

/** An Ed25519 public key no one requested. */
const signerKey = `0x${'ab'.repeat(32)}`;

const notEnabled: Outcome = { status: 403, code: 'feature_not_enabled' };
const created: Outcome = { status: 201 };

export const farcasterFixtures: Record<string, RouteFixture> = {
  'POST /api/v1/farcaster/init': {
    body: () => ({}),
    valid: ok,
    // No body reads as `{}`, every field of which is optional.
    empty: ok,
    strings: { token: label(ok), redirect_url: always(invalidData), relying_party: always(invalidData) },
  },
  // Without the channel-token header (hostile GETs send none): refused as data.
  'GET /api/v1/farcaster/status': { valid: invalidData },
  'POST /api/v1/farcaster/authenticate': {
    body: signIn,
    valid: invalidCredentials,
    required: ['channel_token', 'message', 'signature', 'fid'],
    strings: {
      channel_token: label(invalidCredentials),
      message: always(invalidData),
      signature: always(invalidData),
      mode: always(invalidData),
    },
  },
  'POST /api/v1/farcaster/link': {
    body: signIn,
    valid: invalidCredentials,
    required: ['channel_token', 'message', 'signature', 'fid'],
    strings: {
      channel_token: label(invalidCredentials),
      message: always(invalidData),
      signature: always(invalidData),
    },
  },
  'POST /api/v1/farcaster/unlink': {
    body: () => ({ fid: 424242 }),
    valid: linkedAccountNotFound,
    required: ['fid'],
  },
  'POST /api/v1/farcaster/transfer': {
    body: () => ({
      farcaster_id: 1,
      farcaster_embedded_address: '0x94Bac74eC80C25fd5F19A76F2cd74a46d6618c3A',
      nonce: neverIssuedTransfer,
    }),
    valid: invalidCredentials,
    // `farcaster_embedded_address` is optional (the incumbent's client may leave it out); `farcaster_id`
    // takes a number or its decimal digits, so it is no string field here (farcaster.test.ts refuses
    // the other strings).
    required: ['farcaster_id', 'nonce'],
    strings: { nonce: label(invalidCredentials), farcaster_embedded_address: label(invalidCredentials) },
  },
  'POST /api/v2/farcaster/init': { body: () => ({}), valid: ok, empty: ok },
  'POST /api/v2/farcaster/authenticate': {
    body: () => ({ message: siwf(), signature, fid: 1 }),
    valid: invalidCredentials,
    required: ['message', 'signature', 'fid'],
    strings: { message: always(invalidData), signature: always(invalidData), mode: always(invalidData) },
  },
  'POST /farcaster-relay/v1/channel': {
    body: () => ({ siweUri: 'http://app.test', domain: 'app.test' }),
    valid: created,
    required: ['siweUri', 'domain'],
    strings: {
      siweUri: always(invalidData),
      domain: always(invalidData),
      nonce: always(invalidData),
      notBefore: always(invalidData),
      expirationTime: always(invalidData),
      requestId: label(created),
      redirectUrl: always(invalidData),
    },
  },
  // The test server has no relay key: a well-formed completion is refused for want of it.
  'POST /farcaster-relay/v1/channel/authenticate': {
    body: () => ({ message: siwf(), signature, fid: 1 }),
    valid: notEnabled,
    required: ['message', 'signature', 'fid'],
    strings: {
      message: label(notEnabled),
      signature: text(notEnabled),
      authMethod: always(invalidData),
      username: label(notEnabled),
      displayName: label(notEnabled),
      bio: label(notEnabled),
      pfpUrl: label(notEnabled),
    },
  },
  // Without a bearer channel token: refused.
  'GET /farcaster-relay/v1/channel/status': { valid: invalidCredentials },
  // The victim logged in by email: no Farcaster account, so a well-formed key gets that far.
  'POST /api/v1/farcaster/signer/init': {
    body: () => ({ ed25519_public_key: signerKey }),
    valid: linkedAccountNotFound,
    required: ['ed25519_public_key'],
    strings: { ed25519_public_key: always(invalidData) },
  },
  // A key never requested: unknown to this user.
  'POST /api/v1/farcaster/signer/status': {
    body: () => ({ ed25519_public_key: signerKey }),
    valid: { status: 404, code: 'not_found' },
    required: ['ed25519_public_key'],
    strings: { ed25519_public_key: always(invalidData) },
  },
  'GET /admin/v1/apps/:id/farcaster_identity': {
    path: (env) => `/admin/v1/apps/${env.adminTargetId}/farcaster_identity`,
    valid: ok,
  },
  // The test server reads no registry: a well-formed identity is saved unchecked.
  'PUT /admin/v1/apps/:id/farcaster_identity': {
    path: (env) => `/admin/v1/apps/${env.adminTargetId}/farcaster_identity`,
    body: () => ({ fid: 1, custody_private_key: `0x${'11'.repeat(32)}` }),
    valid: ok,
    required: ['fid', 'custody_private_key'],
    strings: { custody_private_key: always(invalidData) },
  },
  'DELETE /admin/v1/apps/:id/farcaster_identity': {
    path: (env) => `/admin/v1/apps/${env.adminTargetId}/farcaster_identity`,
    body: () => ({}),
    // Takes no body: whatever is sent is ignored.
    valid: ok,
    bad: ok,
    empty: ok,
  },
};
