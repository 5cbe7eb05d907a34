/**
 * The wallet frame's own API on the Latchkey server (`/api/v1/embedded_wallets/...`): not part of the
 * incumbent's wire (WIRE.md §8: the iframe's server API is ours to design), shared by the frame, which
 * calls it, and the server, which answers it. The security model is in docs/security.md.
 */

/** Paths under the API prefix. `keyMaterial` takes the wallet address (WIRE.md §3.8). */
export const frameApi = {
  prefix: '/api/v1/embedded_wallets',
  enrollDevice: '/frame/devices',
  session: '/frame/session',
  sessionEvents: '/frame/session/events',
  nonce: '/frame/nonce',
  create: '/frame/create',
  addWallet: '/frame/add_wallet',
  import: '/frame/import',
  authShare: '/frame/auth_share',
  recoveryShare: '/frame/recovery_share',
  setRecovery: '/frame/set_recovery',
  keyMaterial: '/:address/recovery/key_material',
} as const;

/**
 * Why the frame asks for a share, where the server records it (webhook events, in the request that
 * releases the share): `recover` on `recovery_share` is `wallet.recovered`, `export` on `auth_share`
 * is `wallet.private_key_export`. Other releases (signing, a password check, a change of method) send none.
 */
export type ShareReleasePurpose = 'recover' | 'export';

/**
 * Proof of possession of the frame's device key (RFC 9449, DPoP): a JWS in the `DPoP` header, and
 * the server's nonce for the next proof in `DPoP-Nonce` on every answer.
 */
export const dpopHeaders = { proof: 'dpop', nonce: 'dpop-nonce' } as const;

/**
 * The MFA token (`/api/v1/mfa/{method}/verify` → `{token}`) on the frame's requests: the frame API's share
 * releases and session check, and the MFA enrolment routes, refuse a user with a factor without a
 * valid one (`missing_or_invalid_mfa`; a token presented but expired, or another user's or session's:
 * `expired_or_invalid_mfa_token`). Only the wallet frame holds it, in memory.
 */
export const mfaTokenHeader = 'latchkey-mfa-token';

/** The `typ` of a DPoP proof's header (RFC 9449 §4.2). */
export const dpopProofType = 'dpop+jwt';

/**
 * The text a wallet signs to prove it holds the key of `address` (Ethereum: EIP-191 personal_sign;
 * Solana: ed25519 over the UTF-8 bytes), bound to the app, the user and a single-use server nonce.
 * One function on both sides, so the frame signs exactly what the server checks.
 */
export function keyProofMessage(params: {
  appId: string;
  userId: string;
  address: string;
  nonce: string;
}): string {
  return [
    'Latchkey wallet key proof',
    `App: ${params.appId}`,
    `User: ${params.userId}`,
    `Address: ${params.address}`,
    `Nonce: ${params.nonce}`,
  ].join('\n');
}

/**
 * The label hashed with a `user-passcode` recovery key to make the password verifier the server keeps
 * (it proves knowledge of the password without the key or the password reaching the server).
 */
export const passwordVerifierLabel = 'latchkey recovery password verifier v1';
