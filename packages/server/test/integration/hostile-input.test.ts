import {
  buildSiweMessage,
  buildSiwsMessage,
  headers as protocolHeaders,
  siweStatement,
} from '@latchkey/protocol';
import { dialects, startTestServer, type TestServer, testOrigin } from '@latchkey/test/server';
import {
  b64,
  createEmbeddedWallet,
  embeddedWalletFixture,
  newTestDevice,
  randomShare,
  recoveryFields,
  type TestDevice,
} from '@latchkey/test/server/frame-api';
import { exportSPKI, generateKeyPair } from 'jose';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Hostile bodies on every route the server has: malformed, non-object, empty, missing fields,
 * wrong types, hostile strings, prototype-pollution keys and oversized bodies. Whatever arrives,
 * the answer is a 4xx (or the route's normal answer) with a JSON `{ error, code }`, never a 5xx.
 */

type Auth = 'app' | 'user' | 'basic' | 'admin';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What a request must produce: a status and, for errors, the spec's code. */
interface Outcome {
  status: number;
  code?: string;
}

const ok: Outcome = { status: 200 };
const invalidData: Outcome = { status: 400, code: 'invalid_data' };
const invalidCredentials: Outcome = { status: 401, code: 'invalid_credentials' };
const invalidToken: Outcome = { status: 401, code: 'missing_or_invalid_token' };
const invalidKeyProof: Outcome = { status: 400, code: 'invalid_key_proof' };

type Kind = 'sql' | 'nul' | 'long' | 'unicode' | 'nulInside';

const hostileStrings: Record<Kind, string> = {
  sql: "' OR 1=1 --",
  nul: '\u0000',
  long: 'a'.repeat(10_000),
  unicode: '\u202Egnp.exe\u202C 👩‍💻🦄 \u0645\u0631\u062D\u0628\u0627 𝕏',
  // A NUL hidden in an otherwise well-formed value: PostgreSQL refuses NUL in text, so it must
  // be turned away before it reaches the database.
  nulInside: 'a\u0000b@example.com',
};
const kinds = Object.keys(hostileStrings) as Kind[];

const always =
  (outcome: Outcome) =>
  (_kind: Kind): Outcome =>
    outcome;

interface Env {
  appId: string;
  secret: string;
  token: string;
  adminTargetId: string;
}

interface BodyRoute {
  name: string;
  method: Method;
  path: (env: Env) => string;
  auth: Auth;
  /** A well-formed body; fresh per call where the route has side effects. */
  template: () => Record<string, unknown>;
  /** What the well-formed template body gets. */
  valid: Outcome;
  /** Fields whose absence is `invalid_data`. */
  required: string[];
  /** Outcome of a hostile string in each string field. */
  strings: Record<string, (kind: Kind) => Outcome>;
  /** Outcome of malformed JSON, a non-object, or a wrong-typed field. */
  bad: Outcome;
  /** Outcome of no body at all. */
  empty: Outcome;
  /** Outcome of the template plus `__proto__` / `constructor` keys (strict schemas refuse them). */
  extraKeys?: (raw: string) => Outcome;
  /** Called by the wallet frame: sent from the server's own origin, as the frame's requests are. */
  frame?: boolean;
}

let unique = 0;
const next = () => ++unique;
const wrongCode = '123456';
/**
 * A number no other request used: wrong codes are counted per identifier (5 per window), so each
 * code-checking request gets an identifier of its own.
 */
const freshPhone = () => `+1415556${String(next()).padStart(4, '0')}`;

// Wallet sign-in templates: well-formed messages whose nonce was never issued (invalid_credentials).
const evmAddress = () => privateKeyToAddress(generatePrivateKey());
const solanaAddress = '11111111111111111111111111111111';
const signInFields = {
  domain: 'app.test',
  uri: 'http://app.test',
  nonce: 'neverissued0000',
  issuedAt: new Date().toISOString(),
};
const siweTemplate = () => ({
  message: buildSiweMessage({ ...signInFields, address: evmAddress(), statement: siweStatement, chainId: 1 }),
  signature: `0x${'11'.repeat(65)}`,
});
const siwsTemplate = () => ({
  message: buildSiwsMessage({ ...signInFields, address: solanaAddress }),
  signature: Buffer.alloc(64, 1).toString('base64'),
});
/** A free label (walletClientType, connectorType): any bounded text is data; NUL and 10k are refused. */
const label = (otherwise: Outcome) => (kind: Kind) =>
  kind === 'sql' || kind === 'unicode' ? otherwise : invalidData;
/** Shaped like an issued transfer nonce (base64url of 32 bytes), but never issued. */
const neverIssuedTransfer = Buffer.alloc(32, 7).toString('base64url');
/** The victim's embedded wallet (its entropy id), made in `beforeAll`: the frame routes' target. */
let entropyId = '';
const linkedAccountNotFound: Outcome = { status: 404, code: 'linked_account_not_found' };
/** An entropy id is any bounded text: unknown ones are not found; NUL and 10k are refused. */
const entropyIdField = label(linkedAccountNotFound);
/**
 * A key proof shaped right but for a nonce never issued: the well-formed template of a proven route
 * reaches the key-proof check and stops there (the integration tests sign real ones).
 */
const unissuedProof = { nonce: 'n'.repeat(32), signature: `0x${'11'.repeat(65)}` };
/** A signature is bounded text: anything that fits is checked, and does not verify. */
const signatureField = label(invalidKeyProof);

function bodyRoutes(): BodyRoute[] {
  const email = always(invalidData);
  const route = (r: Omit<BodyRoute, 'bad' | 'empty'> & Partial<Pick<BodyRoute, 'bad' | 'empty'>>) => ({
    bad: invalidData,
    empty: invalidData,
    ...r,
  });
  return [
    route({
      name: 'POST /api/v1/passwordless/init',
      method: 'POST',
      path: () => '/api/v1/passwordless/init',
      auth: 'app',
      template: () => ({ email: `hostile-${next()}@example.com` }),
      valid: ok,
      required: ['email'],
      strings: { email },
    }),
    route({
      name: 'POST /api/v1/passwordless/authenticate',
      method: 'POST',
      path: () => '/api/v1/passwordless/authenticate',
      auth: 'app',
      template: () => ({ email: `nobody-${next()}@example.com`, code: wrongCode }),
      valid: invalidCredentials,
      required: ['email', 'code'],
      strings: { email, code: always(invalidData), mode: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/passwordless/link',
      method: 'POST',
      path: () => '/api/v1/passwordless/link',
      auth: 'user',
      template: () => ({ email: `link-target-${next()}@example.com`, code: wrongCode }),
      valid: invalidCredentials,
      required: ['email', 'code'],
      strings: { email, code: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/passwordless/update',
      method: 'POST',
      path: () => '/api/v1/passwordless/update',
      auth: 'user',
      template: () => ({
        oldAddress: 'victim@example.com',
        newAddress: `new-${next()}@example.com`,
        code: wrongCode,
      }),
      valid: invalidCredentials,
      required: ['oldAddress', 'newAddress', 'code'],
      strings: { oldAddress: email, newAddress: email, code: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/passwordless/unlink',
      method: 'POST',
      path: () => '/api/v1/passwordless/unlink',
      auth: 'user',
      template: () => ({ address: 'not-linked@example.com' }),
      valid: { status: 404, code: 'linked_account_not_found' },
      required: ['address'],
      strings: { address: email },
    }),
    route({
      name: 'POST /api/v1/passwordless/transfer',
      method: 'POST',
      path: () => '/api/v1/passwordless/transfer',
      auth: 'user',
      template: () => ({ email: 'transfer-target@example.com', nonce: neverIssuedTransfer }),
      valid: invalidCredentials,
      required: ['email', 'nonce'],
      strings: { email, nonce: label(invalidCredentials) },
    }),
    route({
      name: 'POST /api/v1/passwordless_sms/init',
      method: 'POST',
      path: () => '/api/v1/passwordless_sms/init',
      auth: 'app',
      template: () => ({ phoneNumber: `+1 415 555 ${String(1000 + next()).slice(-4)}` }),
      valid: ok,
      required: ['phoneNumber'],
      strings: { phoneNumber: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/passwordless_sms/authenticate',
      method: 'POST',
      path: () => '/api/v1/passwordless_sms/authenticate',
      auth: 'app',
      template: () => ({ phoneNumber: freshPhone(), code: wrongCode }),
      valid: invalidCredentials,
      required: ['phoneNumber', 'code'],
      strings: { phoneNumber: always(invalidData), code: always(invalidData), mode: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/passwordless_sms/link',
      method: 'POST',
      path: () => '/api/v1/passwordless_sms/link',
      auth: 'user',
      template: () => ({ phoneNumber: freshPhone(), code: wrongCode }),
      valid: invalidCredentials,
      required: ['phoneNumber', 'code'],
      strings: { phoneNumber: always(invalidData), code: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/passwordless_sms/update',
      method: 'POST',
      path: () => '/api/v1/passwordless_sms/update',
      auth: 'user',
      template: () => ({
        old_phone_number: '+14155550197',
        new_phone_number: freshPhone(),
        code: wrongCode,
      }),
      valid: invalidCredentials,
      required: ['old_phone_number', 'new_phone_number', 'code'],
      strings: {
        old_phone_number: always(invalidData),
        new_phone_number: always(invalidData),
        code: always(invalidData),
      },
    }),
    route({
      name: 'POST /api/v1/passwordless_sms/unlink',
      method: 'POST',
      path: () => '/api/v1/passwordless_sms/unlink',
      auth: 'user',
      template: () => ({ phoneNumber: '+14155550195' }),
      valid: { status: 404, code: 'linked_account_not_found' },
      required: ['phoneNumber'],
      strings: { phoneNumber: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/passwordless_sms/transfer',
      method: 'POST',
      path: () => '/api/v1/passwordless_sms/transfer',
      auth: 'user',
      template: () => ({ phoneNumber: '+14155550194', nonce: neverIssuedTransfer }),
      valid: invalidCredentials,
      required: ['phoneNumber', 'nonce'],
      strings: { phoneNumber: always(invalidData), nonce: label(invalidCredentials) },
    }),
    route({
      name: 'POST /api/v1/siwe/init',
      method: 'POST',
      path: () => '/api/v1/siwe/init',
      auth: 'app',
      template: () => ({ address: evmAddress() }),
      valid: ok,
      required: ['address'],
      strings: { address: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/siwe/authenticate',
      method: 'POST',
      path: () => '/api/v1/siwe/authenticate',
      auth: 'app',
      template: siweTemplate,
      valid: invalidCredentials,
      required: ['message', 'signature'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        chainId: always(invalidData),
        walletClientType: label(invalidCredentials),
        connectorType: label(invalidCredentials),
        mode: always(invalidData),
      },
    }),
    route({
      name: 'POST /api/v1/siwe/link',
      method: 'POST',
      path: () => '/api/v1/siwe/link',
      auth: 'user',
      template: siweTemplate,
      valid: invalidCredentials,
      required: ['message', 'signature'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        chainId: always(invalidData),
        walletClientType: label(invalidCredentials),
      },
    }),
    route({
      name: 'POST /api/v1/siwe/link_smart_wallet',
      method: 'POST',
      path: () => '/api/v1/siwe/link_smart_wallet',
      auth: 'user',
      template: () => ({ ...siweTemplate(), smart_wallet_type: 'kernel' }),
      valid: invalidCredentials,
      required: ['message', 'signature', 'smart_wallet_type'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        smart_wallet_type: always(invalidData),
        smart_wallet_version: label(invalidCredentials),
      },
    }),
    route({
      name: 'POST /api/v1/siwe/unlink',
      method: 'POST',
      path: () => '/api/v1/siwe/unlink',
      auth: 'user',
      template: () => ({ address: evmAddress() }),
      valid: { status: 404, code: 'linked_account_not_found' },
      required: ['address'],
      strings: { address: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/siwe/transfer',
      method: 'POST',
      path: () => '/api/v1/siwe/transfer',
      auth: 'user',
      template: () => ({ address: evmAddress(), nonce: neverIssuedTransfer, chainId: 'eip155:1' }),
      valid: invalidCredentials,
      required: ['address', 'nonce'],
      strings: {
        address: always(invalidData),
        nonce: label(invalidCredentials),
        chainId: always(invalidData),
        walletClientType: label(invalidCredentials),
        connectorType: label(invalidCredentials),
      },
    }),
    route({
      name: 'POST /api/v1/siws/init',
      method: 'POST',
      path: () => '/api/v1/siws/init',
      auth: 'app',
      template: () => ({ address: solanaAddress }),
      valid: ok,
      required: ['address'],
      strings: { address: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/siws/authenticate',
      method: 'POST',
      path: () => '/api/v1/siws/authenticate',
      auth: 'app',
      template: siwsTemplate,
      valid: invalidCredentials,
      required: ['message', 'signature'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        walletClientType: label(invalidCredentials),
        connectorType: label(invalidCredentials),
        message_type: always(invalidData),
        mode: always(invalidData),
      },
    }),
    route({
      name: 'POST /api/v1/siws/link',
      method: 'POST',
      path: () => '/api/v1/siws/link',
      auth: 'user',
      template: siwsTemplate,
      valid: invalidCredentials,
      required: ['message', 'signature'],
      strings: {
        message: always(invalidData),
        signature: always(invalidData),
        connectorType: label(invalidCredentials),
      },
    }),
    route({
      name: 'POST /api/v1/siws/unlink',
      method: 'POST',
      path: () => '/api/v1/siws/unlink',
      auth: 'user',
      template: () => ({ address: solanaAddress }),
      valid: { status: 404, code: 'linked_account_not_found' },
      required: ['address'],
      strings: { address: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/siws/transfer',
      method: 'POST',
      path: () => '/api/v1/siws/transfer',
      auth: 'user',
      template: () => ({ address: solanaAddress, nonce: neverIssuedTransfer }),
      valid: invalidCredentials,
      required: ['address', 'nonce'],
      strings: {
        address: always(invalidData),
        nonce: label(invalidCredentials),
        walletClientType: label(invalidCredentials),
        connectorType: label(invalidCredentials),
      },
    }),
    route({
      name: 'POST /api/v1/embedded_wallets/frame/create',
      method: 'POST',
      path: () => '/api/v1/embedded_wallets/frame/create',
      auth: 'user',
      frame: true,
      template: () => {
        const body = embeddedWalletFixture({ chains: ['ethereum', 'solana'] }).body;
        const wallets = body.wallets as { address: string }[];
        return {
          ...body,
          nonce: unissuedProof.nonce,
          key_proofs: wallets.map((w) => ({ address: w.address, signature: unissuedProof.signature })),
        };
      },
      // The victim has their wallet already (one entropy per user): a well-formed create is refused.
      valid: invalidData,
      required: [
        'entropy_id',
        'entropy_id_verifier',
        'auth_share',
        'recovery_method',
        'encrypted_recovery_share',
        'recovery_key',
        'wallets',
        'nonce',
        'key_proofs',
      ],
      strings: {
        nonce: always(invalidData),
        entropy_id: always(invalidData),
        entropy_id_verifier: always(invalidData),
        auth_share: always(invalidData),
        recovery_method: always(invalidData),
        encrypted_recovery_share: always(invalidData),
        recovery_key: always(invalidData),
        recovery_key_derivation_salt: always(invalidData),
      },
    }),
    route({
      name: 'POST /api/v1/embedded_wallets/frame/add_wallet',
      method: 'POST',
      path: () => '/api/v1/embedded_wallets/frame/add_wallet',
      auth: 'user',
      frame: true,
      template: () => ({
        entropy_id: entropyId,
        chain_type: 'ethereum',
        address: evmAddress(),
        wallet_index: next(),
        ...unissuedProof,
      }),
      valid: invalidKeyProof,
      required: ['entropy_id', 'chain_type', 'address', 'wallet_index', 'nonce', 'signature'],
      strings: {
        entropy_id: entropyIdField,
        chain_type: always(invalidData),
        address: always(invalidData),
        nonce: always(invalidData),
        signature: signatureField,
      },
    }),
    route({
      name: 'POST /api/v1/embedded_wallets/frame/auth_share',
      method: 'POST',
      path: () => '/api/v1/embedded_wallets/frame/auth_share',
      auth: 'user',
      frame: true,
      template: () => ({ entropy_id: entropyId }),
      valid: ok,
      required: ['entropy_id'],
      strings: { entropy_id: entropyIdField },
    }),
    route({
      name: 'POST /api/v1/embedded_wallets/frame/recovery_share',
      method: 'POST',
      path: () => '/api/v1/embedded_wallets/frame/recovery_share',
      auth: 'user',
      frame: true,
      template: () => ({ entropy_id: entropyId }),
      valid: ok,
      required: ['entropy_id'],
      strings: { entropy_id: entropyIdField, password_verifier: always(invalidData) },
    }),
    ...(['devices', 'session', 'nonce'] as const).map((name) =>
      route({
        name: `POST /api/v1/embedded_wallets/frame/${name}`,
        method: 'POST',
        path: () => `/api/v1/embedded_wallets/frame/${name}`,
        auth: 'user',
        frame: true,
        template: () => ({}),
        valid: ok,
        required: [],
        strings: {},
        empty: ok,
      }),
    ),
    route({
      name: 'POST /api/v1/embedded_wallets/frame/set_recovery',
      method: 'POST',
      path: () => '/api/v1/embedded_wallets/frame/set_recovery',
      auth: 'user',
      frame: true,
      template: () => ({
        entropy_id: entropyId,
        auth_share: b64(randomShare()),
        ...recoveryFields('privy').body,
        ...unissuedProof,
      }),
      valid: invalidKeyProof,
      required: [
        'entropy_id',
        'auth_share',
        'recovery_method',
        'encrypted_recovery_share',
        'recovery_key',
        'nonce',
        'signature',
      ],
      strings: {
        entropy_id: entropyIdField,
        auth_share: always(invalidData),
        recovery_method: always(invalidData),
        encrypted_recovery_share: always(invalidData),
        recovery_key: always(invalidData),
        nonce: always(invalidData),
        signature: signatureField,
        current_password_verifier: always(invalidData),
      },
    }),
    route({
      name: 'POST /api/v1/embedded_wallets/frame/import',
      method: 'POST',
      path: () => '/api/v1/embedded_wallets/frame/import',
      auth: 'user',
      frame: true,
      // A fresh key's address each time: every well-formed import is the victim's new wallet.
      template: () => ({
        chain_type: 'ethereum',
        address: evmAddress(),
        auth_share: b64(randomShare(33)),
        ...recoveryFields('privy').body,
        ...unissuedProof,
      }),
      valid: invalidKeyProof,
      required: [
        'chain_type',
        'address',
        'auth_share',
        'recovery_method',
        'encrypted_recovery_share',
        'recovery_key',
        'nonce',
        'signature',
      ],
      strings: {
        nonce: always(invalidData),
        signature: signatureField,
        chain_type: always(invalidData),
        address: always(invalidData),
        auth_share: always(invalidData),
        recovery_method: always(invalidData),
        encrypted_recovery_share: always(invalidData),
        recovery_key: always(invalidData),
        recovery_key_derivation_salt: always(invalidData),
      },
    }),
    route({
      name: 'POST /api/v1/embedded_wallets/:address/recovery/key_material',
      method: 'POST',
      path: () => `/api/v1/embedded_wallets/${entropyId}/recovery/key_material`,
      auth: 'user',
      frame: true,
      template: () => ({ chain_type: 'ethereum' }),
      valid: ok,
      required: [],
      strings: { chain_type: always(invalidData) },
      empty: ok,
    }),
    route({
      name: 'POST /api/v1/guest/authenticate',
      method: 'POST',
      path: () => '/api/v1/guest/authenticate',
      auth: 'app',
      template: () => ({ guest_credential: 'g'.repeat(43) }),
      valid: ok,
      required: ['guest_credential'],
      strings: { guest_credential: always(invalidData) },
    }),
    route({
      name: 'POST /api/v1/custom_jwt_account/authenticate',
      method: 'POST',
      path: () => '/api/v1/custom_jwt_account/authenticate',
      auth: 'app',
      template: () => ({ token: 'not.a.jwt' }),
      valid: invalidCredentials,
      required: ['token'],
      // Any string of the right size is a JWT candidate: it fails verification, not validation.
      strings: {
        token: (kind) => (kind === 'nul' || kind === 'nulInside' ? invalidData : invalidCredentials),
        mode: always(invalidData),
      },
    }),
    route({
      name: 'POST /api/v1/custom_jwt_account/link',
      method: 'POST',
      path: () => '/api/v1/custom_jwt_account/link',
      auth: 'user',
      template: () => ({ token: 'not.a.jwt' }),
      valid: invalidCredentials,
      required: ['token'],
      strings: {
        token: (kind) => (kind === 'nul' || kind === 'nulInside' ? invalidData : invalidCredentials),
      },
    }),
    route({
      name: 'POST /api/v1/sessions',
      method: 'POST',
      path: () => '/api/v1/sessions',
      auth: 'app',
      template: () => ({ refresh_token: 'r'.repeat(43) }),
      valid: invalidToken,
      required: [],
      strings: {
        refresh_token: (kind) =>
          kind === 'long' || kind === 'nul' || kind === 'nulInside' ? invalidData : invalidToken,
      },
      empty: invalidToken,
    }),
    route({
      name: 'POST /api/v1/sessions/logout',
      method: 'POST',
      path: () => '/api/v1/sessions/logout',
      auth: 'app',
      template: () => ({ refresh_token: 'r'.repeat(43) }),
      valid: ok,
      required: [],
      strings: {
        refresh_token: (kind) =>
          kind === 'long' || kind === 'nul' || kind === 'nulInside' ? invalidData : ok,
      },
      empty: ok,
    }),
    route({
      name: 'POST /api/v1/users/me/accept_terms',
      method: 'POST',
      path: () => '/api/v1/users/me/accept_terms',
      auth: 'user',
      template: () => ({}),
      valid: ok,
      required: [],
      strings: {},
      empty: ok,
    }),
    route({
      name: 'POST /api/v1/analytics_events',
      method: 'POST',
      path: () => '/api/v1/analytics_events',
      auth: 'app',
      template: () => ({ event_name: 'hostile_test', payload: { a: 1 } }),
      valid: ok,
      required: ['event_name'],
      // Never fails the caller, by design: whatever arrives answers 200 {}.
      strings: { event_name: always(ok), client_id: always(ok) },
      bad: ok,
      empty: ok,
    }),
    route({
      name: 'POST /api/v1/apps/:app_id/allowlist',
      method: 'POST',
      path: (env) => `/api/v1/apps/${env.appId}/allowlist`,
      auth: 'basic',
      template: () => ({ type: 'email', value: `allowed-${next()}@example.com` }),
      valid: ok,
      required: ['type', 'value'],
      strings: { type: always(invalidData), value: always(invalidData) },
    }),
    route({
      name: 'DELETE /api/v1/apps/:app_id/allowlist',
      method: 'DELETE',
      path: (env) => `/api/v1/apps/${env.appId}/allowlist`,
      auth: 'basic',
      template: () => ({ type: 'email', value: 'absent@example.com' }),
      valid: { status: 404, code: 'not_found' },
      required: ['type', 'value'],
      strings: { type: always(invalidData), value: always(invalidData) },
    }),
    route({
      name: 'POST /admin/v1/apps',
      method: 'POST',
      path: () => '/admin/v1/apps',
      auth: 'admin',
      template: () => ({ name: `Hostile ${next()}` }),
      valid: ok,
      required: ['name'],
      // A name is free text: quotes and emoji are data, stored as is; NUL and 10k are refused.
      strings: {
        name: (kind) => (kind === 'sql' || kind === 'unicode' ? ok : invalidData),
      },
      extraKeys: () => invalidData,
    }),
    route({
      name: 'PATCH /admin/v1/apps/:id',
      method: 'PATCH',
      path: (env) => `/admin/v1/apps/${env.adminTargetId}`,
      auth: 'admin',
      template: () => ({ name: `Renamed ${next()}` }),
      valid: ok,
      required: [],
      strings: {
        name: (kind) => (kind === 'sql' || kind === 'unicode' ? ok : invalidData),
        legal_name: (kind) => (kind === 'sql' || kind === 'unicode' ? ok : invalidData),
      },
      empty: ok,
      // The patch is a record first: a JSON `__proto__` key is dropped there (never applied), and
      // any other unknown key is refused by the strict app schema.
      extraKeys: (raw) => (raw.startsWith('{"__proto__"') ? ok : invalidData),
    }),
    route({
      name: 'POST /admin/v1/apps/:id/signing_keys/rotate',
      method: 'POST',
      path: (env) => `/admin/v1/apps/${env.adminTargetId}/signing_keys/rotate`,
      auth: 'admin',
      template: () => ({}),
      // Takes no body: whatever is sent is ignored.
      valid: ok,
      required: [],
      strings: {},
      bad: ok,
      empty: ok,
    }),
  ];
}

/** Routes without a body: hostile paths, queries and headers instead. */
interface GetRoute {
  name: string;
  path: (env: Env) => string;
  auth: Auth | 'public';
  valid: Outcome;
  /** The success body is a JSON array (the allowlist, as server-auth reads it). */
  array?: boolean;
}

const getRoutes: GetRoute[] = [
  { name: 'GET /api/v1/users/me', path: () => '/api/v1/users/me', auth: 'user', valid: ok },
  { name: 'GET /api/v1/apps/:app_id', path: (env) => `/api/v1/apps/${env.appId}`, auth: 'public', valid: ok },
  {
    name: 'GET /api/v1/apps/:app_id/jwks.json',
    path: (env) => `/api/v1/apps/${env.appId}/jwks.json`,
    auth: 'public',
    valid: ok,
  },
  {
    name: 'GET /api/v1/apps/:app_id/allowlist',
    path: (env) => `/api/v1/apps/${env.appId}/allowlist`,
    auth: 'basic',
    valid: ok,
    array: true,
  },
  {
    name: 'GET /api/v1/apps/:app_id/test_credentials',
    path: (env) => `/api/v1/apps/${env.appId}/test_credentials`,
    auth: 'basic',
    valid: ok,
  },
  {
    name: 'GET /api/v1/apps/:app_id/dev_outbox',
    path: (env) => `/api/v1/apps/${env.appId}/dev_outbox`,
    auth: 'basic',
    valid: ok,
  },
  { name: 'GET /admin/v1/apps', path: () => '/admin/v1/apps', auth: 'admin', valid: ok },
  {
    name: 'GET /admin/v1/apps/:id',
    path: (env) => `/admin/v1/apps/${env.adminTargetId}`,
    auth: 'admin',
    valid: ok,
  },
];

interface Sent {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

function isPolluted(): boolean {
  const probe = {} as Record<string, unknown>;
  return (
    probe.polluted !== undefined ||
    Object.hasOwn(Object.prototype, 'polluted') ||
    Object.hasOwn(Object.prototype, 'isAdmin')
  );
}

describe.each(dialects)('hostile input on every route (%s)', (dialect) => {
  let t: TestServer;
  let env: Env;
  let device: TestDevice;
  /** A DPoP proof for a frame route, by the victim's enrolled device. */
  const frameProof = async (path: string): Promise<Record<string, string>> => ({
    dpop: await device.proof(path.replace('/api/v1/embedded_wallets', ''), env.token),
  });

  beforeAll(async () => {
    t = await startTestServer(dialect);
    const { publicKey } = await generateKeyPair('ES256');
    const { app, secret, client } = await t.createApp({
      sms_auth: true,
      guest_auth: true,
      wallet_auth: true,
      solana_wallet_auth: true,
      custom_jwt_auth: true,
      custom_jwt_verification_key: await exportSPKI(publicKey),
    });
    const login = await client.loginWithEmail('victim@example.com');
    expect(login.status).toBe(200);
    entropyId = (await createEmbeddedWallet(t, client, login.body.token)).entropyId;
    // The frame routes' requests carry proofs of an enrolled device, each with its own jti.
    device = await newTestDevice(t, client);
    expect((await device.enroll(login.body.token)).status).toBe(200);
    const target = await t.createApp();
    env = { appId: app.id, secret, token: login.body.token, adminTargetId: target.app.id };
  });
  afterAll(() => t.close());

  function authHeaders(auth: Auth | 'public'): Record<string, string> {
    switch (auth) {
      case 'user':
        return { authorization: `Bearer ${env.token}` };
      case 'basic':
        return { authorization: `Basic ${Buffer.from(`${env.appId}:${env.secret}`).toString('base64')}` };
      case 'admin':
        return { authorization: 'Bearer test-admin-key' };
      default:
        return {};
    }
  }

  async function send(
    method: string,
    path: string,
    options: {
      auth?: Auth | 'public';
      raw?: string;
      json?: unknown;
      headers?: Record<string, string>;
      frame?: boolean | undefined;
    } = {},
  ): Promise<Sent> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      origin: options.frame ? t.url : testOrigin,
      'privy-app-id': env.appId,
      ...authHeaders(options.auth ?? 'app'),
      ...(options.frame ? await frameProof(path) : {}),
      ...options.headers,
    };
    const body = options.raw ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
    const response = await fetch(`${t.url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  /** The contract every answer keeps: no 5xx, a JSON object body, `{error, code}` on errors. */
  function expectOutcome(
    res: Sent,
    outcome: Outcome,
    label: string,
    options: { array?: boolean } = {},
  ): void {
    expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
    expect(res.body, `${label}: not a JSON object: ${res.text.slice(0, 200)}`).toBeTypeOf('object');
    expect(res.body, label).not.toBeNull();
    if (options.array && !outcome.code) {
      expect(res.status, label).toBe(outcome.status);
      expect(Array.isArray(res.body), label).toBe(true);
      return;
    }
    expect(Array.isArray(res.body), label).toBe(false);
    const body = res.body as Record<string, unknown>;
    if (outcome.code) {
      expect({ status: res.status, code: body.code }, `${label}: ${res.text.slice(0, 200)}`).toEqual({
        status: outcome.status,
        code: outcome.code,
      });
      expect(body.error, label).toBeTypeOf('string');
      expect((body.error as string).length, label).toBeGreaterThan(0);
    } else {
      expect(res.status, `${label}: ${res.text.slice(0, 200)}`).toBe(outcome.status);
      expect(body.error, `${label}: ${res.text.slice(0, 200)}`).toBeUndefined();
    }
  }

  const routes = bodyRoutes();

  it('the tables cover every route the server registers', () => {
    const registered = new Set(
      t.latchkey.http.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
    );
    const covered = new Set([
      ...routes.map((r) => r.name),
      ...getRoutes.map((r) => r.name),
      'GET /',
      'GET /health',
      // HTML and script for the wallet frame: covered (hostile app ids too) by wallet-frame-pages.test.ts.
      'GET /apps/:appId/embedded-wallets',
      'GET /apps/:appId/embedded-wallets/export',
      'GET /embedded-wallets/frame.js',
      'GET /embedded-wallets/export.js',
    ]);
    expect([...registered].sort()).toEqual([...covered].sort());
  });

  describe.each(routes.map((r) => [r.name, r] as const))('%s', (_name, route) => {
    const call = (options: { raw?: string; json?: unknown }) =>
      send(route.method, route.path(env), { auth: route.auth, frame: route.frame, ...options });

    it('answers the well-formed template as the route normally would', async () => {
      expectOutcome(await call({ json: route.template() }), route.valid, 'template');
    });

    it('refuses malformed JSON, non-objects and an empty body', async () => {
      const cases: [string, string | undefined, Outcome][] = [
        ['truncated {', '{', route.bad],
        ['truncated {"a":', '{"a":', route.bad],
        ['trailing garbage', '{"a":1}}', route.bad],
        ['not JSON at all', "' OR 1=1 --", route.bad],
        ['array', JSON.stringify([route.template()]), route.bad],
        ['empty array', '[]', route.bad],
        ['string', '"hello"', route.bad],
        ['number', '42', route.bad],
        ['null', 'null', route.bad],
        ['true', 'true', route.bad],
        ['empty body', undefined, route.empty],
        ['whitespace body', '  \n ', route.empty],
      ];
      const results = await Promise.all(cases.map(([, raw]) => call({ raw })));
      results.forEach((res, i) => {
        expectOutcome(res, cases[i]![2], cases[i]![0]);
      });
    });

    it('refuses a body nested thousands of levels deep, never a 500', async () => {
      const depth = 3000;
      const deepArray = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const deepObject = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const template = JSON.stringify(route.template()).slice(1, -1);
      const cases: [string, string][] = [
        ['deep object', deepObject],
        ['template with a deep object field', `{${template}${template ? ',' : ''}"padding":${deepObject}}`],
        ['deep array', deepArray],
        ['template with a deep array field', `{${template}${template ? ',' : ''}"padding":${deepArray}}`],
      ];
      for (const [label, raw] of cases) {
        const res = await call({ raw });
        expectOutcome(res, route.bad, label);
        if (route.bad.code === 'invalid_data')
          expect((res.body as { error: string }).error, label).toBe(
            'Invalid request body: nested too deeply.',
          );
      }
    });

    it('refuses a body with a required field missing', async () => {
      const results = await Promise.all(
        route.required.map((field) => {
          const body = route.template();
          delete body[field];
          return call({ json: body }).then((res) => [field, res] as const);
        }),
      );
      for (const [field, res] of results) expectOutcome(res, route.bad, `without ${field}`);
    });

    it('refuses numbers, objects, arrays and booleans where strings belong', async () => {
      const wrong: unknown[] = [
        12345,
        1e308,
        -0,
        { a: 1 },
        { __proto__: { polluted: true } },
        ['x'],
        [],
        true,
      ];
      const fields = Object.keys(route.strings);
      const results = await Promise.all(
        fields.flatMap((field) =>
          wrong.map((value) =>
            call({ json: { ...route.template(), [field]: value } }).then(
              (res) => [`${field}=${JSON.stringify(value)}`, res] as const,
            ),
          ),
        ),
      );
      for (const [label, res] of results) expectOutcome(res, route.bad, label);
    });

    it('handles SQL injection, NUL, 10k-character and RTL/emoji strings in every string field', async () => {
      const fields = Object.keys(route.strings);
      const results = await Promise.all(
        fields.flatMap((field) =>
          kinds.map((kind) =>
            call({ json: { ...route.template(), [field]: hostileStrings[kind] } }).then(
              (res) => [field, kind, res] as const,
            ),
          ),
        ),
      );
      for (const [field, kind, res] of results) {
        expectOutcome(res, route.strings[field]!(kind), `${field}=${kind}`);
      }
    });

    it('does not let __proto__ or constructor keys pollute Object.prototype', async () => {
      const raw = (extra: string) => {
        const fields = Object.entries(route.template()).map(
          ([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`,
        );
        return `{${[extra, ...fields].join(',')}}`;
      };
      const cases = [
        raw('"__proto__":{"polluted":true,"isAdmin":true}'),
        raw('"constructor":{"prototype":{"polluted":true}}'),
        raw('"__proto__":{"__proto__":{"polluted":true}}'),
      ];
      for (const body of cases) {
        const res = await call({ raw: body });
        expectOutcome(res, route.extraKeys?.(body) ?? route.valid, body.slice(0, 60));
        expect(isPolluted()).toBe(false);
      }
    });

    it('refuses a body over the 100 KiB limit with payload_too_large', async () => {
      const big = JSON.stringify({ ...route.template(), padding: 'x'.repeat(101 * 1024) });
      const res = await call({ raw: big });
      expectOutcome(res, { status: 413, code: 'payload_too_large' }, 'oversized');
    });

    it('refuses an oversized body sent chunked, without a content-length', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"padding":"'));
        },
        pull(controller) {
          if (sent >= 8) {
            controller.enqueue(new TextEncoder().encode('"}'));
            controller.close();
            return;
          }
          sent++;
          controller.enqueue(chunk);
        },
      });
      const response = await fetch(`${t.url}${route.path(env)}`, {
        method: route.method,
        headers: {
          'content-type': 'application/json',
          origin: route.frame ? t.url : testOrigin,
          'privy-app-id': env.appId,
          ...authHeaders(route.auth),
          ...(route.frame ? await frameProof(route.path(env)) : {}),
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      const text = await response.text();
      expectOutcome(
        { status: response.status, headers: response.headers, body: JSON.parse(text), text },
        { status: 413, code: 'payload_too_large' },
        'chunked oversized',
      );
    });
  });

  describe.each(getRoutes.map((r) => [r.name, r] as const))('%s', (_name, route) => {
    it('answers normally, and survives hostile query strings and headers', async () => {
      const array = { array: route.array ?? false };
      expectOutcome(await send('GET', route.path(env), { auth: route.auth }), route.valid, 'plain', array);
      const hostileQuery = `?to=${encodeURIComponent(hostileStrings.sql)}&x=${encodeURIComponent(
        hostileStrings.unicode,
      )}&__proto__[polluted]=1&constructor[prototype][polluted]=1&n=${encodeURIComponent('\u0000')}`;
      expectOutcome(
        await send('GET', `${route.path(env)}${hostileQuery}`, { auth: route.auth }),
        route.valid,
        'hostile query',
        array,
      );
      const noise = {
        'privy-client': hostileStrings.sql,
        'privy-ca-id': 'x'.repeat(4000),
        'privy-ui': '\u00e9\u00e8',
        'x-forwarded-for': "' OR 1=1 --",
      };
      expectOutcome(
        await send('GET', route.path(env), { auth: route.auth, headers: noise }),
        route.valid,
        'hostile headers',
        array,
      );
      expect(isPolluted()).toBe(false);
    });
  });

  it('hostile bearer tokens on a user route are missing_or_invalid_token', async () => {
    const tokens = [
      hostileStrings.sql,
      hostileStrings.long,
      'a.b.c',
      'e30.e30.',
      `${'x'.repeat(20)}.${'y'.repeat(20)}.${'z'.repeat(20)}`,
      'eyJhbGciOiJub25lIn0.eyJzdWIiOiJkaWQ6cHJpdnk6eCJ9.',
    ];
    for (const token of tokens) {
      const res = await send('GET', '/api/v1/users/me', { headers: { authorization: `Bearer ${token}` } });
      expectOutcome(res, invalidToken, token.slice(0, 40));
    }
    for (const authorization of ['Bearer', 'Bearer ', 'Basic', 'Basic !!!', 'Token abc', '']) {
      const res = await send('GET', '/api/v1/users/me', { headers: { authorization } });
      expectOutcome(
        res,
        authorization.startsWith('Basic ') ? invalidCredentials : invalidToken,
        `authorization: ${authorization}`,
      );
    }
  });

  it('hostile app ids in paths are not_found or missing_or_invalid_privy_app_id, never a 5xx', async () => {
    const unknownId = 'z'.repeat(25);
    expectOutcome(
      await send('GET', `/api/v1/apps/${unknownId}`),
      { status: 404, code: 'missing_or_invalid_privy_app_id' },
      'unknown id',
    );
    expectOutcome(
      await send('GET', `/api/v1/apps/${unknownId}/jwks.json`),
      { status: 404, code: 'missing_or_invalid_privy_app_id' },
      'unknown jwks',
    );
    for (const id of [
      encodeURIComponent(hostileStrings.sql),
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'A'.repeat(25),
    ]) {
      const res = await send('GET', `/api/v1/apps/${id}`);
      expect(res.status, id).toBeLessThan(500);
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((res.body as Record<string, unknown>).code, id).toBeTypeOf('string');
    }
    // An app's secret does not open another app's server routes.
    const other = await t.createApp();
    const res = await send('GET', `/api/v1/apps/${other.app.id}/allowlist`, { auth: 'basic' });
    expectOutcome(res, { status: 400, code: 'missing_or_invalid_privy_app_id' }, 'another app');
    expectOutcome(
      await send('GET', `/admin/v1/apps/${unknownId}`, { auth: 'admin' }),
      { status: 404, code: 'not_found' },
      'admin unknown app',
    );
    expectOutcome(
      await send('PATCH', `/admin/v1/apps/${unknownId}`, { auth: 'admin', json: { name: 'x' } }),
      { status: 404, code: 'not_found' },
      'admin patch unknown app',
    );
  });

  it('an unknown route is 404 not_found', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/api/v2/passwordless/init'],
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/passwordless/nope'],
      ['GET', '/admin/v1/nope'],
    ] as const) {
      const res = await send(method, path, {
        auth: path.startsWith('/admin') ? 'admin' : 'app',
        ...(method === 'GET' ? {} : { json: {} }),
      });
      expectOutcome(res, { status: 404, code: 'not_found' }, `${method} ${path}`);
    }
  });

  it('a wrong method is a JSON 404 not_found or 405 method_not_allowed', async () => {
    for (const [method, path, auth] of [
      ['GET', '/api/v1/passwordless/init', 'app'],
      ['PUT', '/api/v1/sessions', 'app'],
      ['DELETE', '/api/v1/users/me', 'user'],
      ['PATCH', '/api/v1/analytics_events', 'app'],
      ['POST', '/api/v1/users/me', 'user'],
      ['PUT', '/admin/v1/apps', 'admin'],
      ['DELETE', '/admin/v1/apps', 'admin'],
    ] as const) {
      const res = await send(method, path, { auth, ...(method === 'GET' ? {} : { json: {} }) });
      const code = (res.body as Record<string, unknown> | undefined)?.code;
      const label = `${method} ${path}`;
      expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
      expect([res.status, code], label).toSatisfy(
        ([status, c]: [number, unknown]) =>
          (status === 404 && c === 'not_found') || (status === 405 && c === 'method_not_allowed'),
      );
    }
  });

  it('client routes need a valid privy-app-id header', async () => {
    const clientRoutes = [
      ...routes.filter((r) => r.path(env).startsWith('/api/v1/')),
      ...getRoutes.filter((r) => r.auth !== 'public' && r.path(env).startsWith('/api/v1/')),
    ];
    const values: (string | undefined)[] = [
      undefined,
      '',
      'short',
      'z'.repeat(25),
      hostileStrings.sql,
      'a'.repeat(26),
    ];
    for (const r of clientRoutes) {
      const method = 'method' in r ? r.method : 'GET';
      for (const value of values) {
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          origin: testOrigin,
          ...authHeaders(r.auth),
        };
        if (value !== undefined) headers[protocolHeaders.appId] = value;
        const response = await fetch(`${t.url}${r.path(env)}`, {
          method,
          headers,
          ...(method === 'GET' ? {} : { body: JSON.stringify('template' in r ? r.template() : {}) }),
        });
        const text = await response.text();
        expectOutcome(
          { status: response.status, headers: response.headers, body: JSON.parse(text), text },
          { status: 400, code: 'missing_or_invalid_privy_app_id' },
          `${r.name} with privy-app-id ${JSON.stringify(value?.slice(0, 30))}`,
        );
      }
    }
  });

  it('a NUL inside an otherwise valid value never reaches the database', async () => {
    const allowlist = await send('POST', `/api/v1/apps/${env.appId}/allowlist`, {
      auth: 'basic',
      json: { type: 'wallet', value: '0xabc\u0000def' },
    });
    expectOutcome(allowlist, invalidData, 'allowlist wallet with NUL');
    const analytics = await send('POST', '/api/v1/analytics_events', {
      json: { event_name: 'nul\u0000event', payload: { 'k\u0000': 'v\u0000' } },
    });
    expectOutcome(analytics, ok, 'analytics with NUL');
    // Dropped quietly as a malformed event, not as a storage failure.
    expect(t.logs.filter((line) => line.includes('analytics event dropped'))).toEqual([]);
  });

  it('left no prototype pollution and no unhandled errors behind', async () => {
    expect(isPolluted()).toBe(false);
    const app = await send('GET', `/api/v1/apps/${env.appId}`);
    expect(app.body).not.toHaveProperty('polluted');
    expect(app.body).not.toHaveProperty('isAdmin');
    expect(t.logs.filter((line) => line.includes('unhandled error'))).toEqual([]);
  });
});
