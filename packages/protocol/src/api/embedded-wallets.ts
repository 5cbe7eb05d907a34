import type { User } from '../user.ts';
import type { ChainType, EntropyIdVerifier, FrameRecoveryMethod } from '../wallets.ts';
import type { EmptyRequest, EmptyResponse } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * The wallet frame's own API (frame-api.ts; docs/security.md): every binary value is standard padded
 * base64. The paths are `frameApi`'s under its prefix (api.test.ts holds them to it), written out so
 * that they are plain data.
 */

/** The recovery fields of every share upload; the key or the salt, as the method needs. */
export interface RecoveryUpload {
  recovery_method: FrameRecoveryMethod;
  encrypted_recovery_share: string;
  recovery_key?: string | null;
  recovery_key_derivation_salt?: string | null;
  /** `user-passcode`: the new password's verifier. */
  recovery_password_verifier?: string | null;
}

/** A wallet's signature of the key-proof message (frame-api.ts `keyProofMessage`) for a nonce. */
export interface KeyProof {
  nonce: string;
  signature: string;
}

export interface WalletUpload {
  chain_type: ChainType;
  address: string;
  wallet_index: number;
  public_key?: string | null;
}

/** A new entropy: its shares and its first wallets, each proving its key over the one nonce. */
export interface CreateUpload extends RecoveryUpload {
  entropy_id: string;
  entropy_id_verifier: EntropyIdVerifier;
  auth_share: string;
  wallets: WalletUpload[];
  nonce: string;
  key_proofs: { address: string; signature: string }[];
}

/** Another HD wallet of an entropy the server holds. */
export interface AddWalletUpload extends KeyProof {
  entropy_id: string;
  chain_type: ChainType;
  address: string;
  wallet_index: number;
}

/** An imported key's shares; the key is named by its address (its own entropy id). */
export interface ImportUpload extends RecoveryUpload, KeyProof {
  chain_type: ChainType;
  address: string;
  auth_share: string;
}

/** A re-split, signed for by the entropy's primary key. */
export interface SetRecoveryUpload extends RecoveryUpload, KeyProof {
  entropy_id: string;
  auth_share: string;
  /** Proof of the current password, when the wallet has one. */
  current_password_verifier?: string | null;
}

export interface EntropyRequest {
  entropy_id: string;
}

/** `purpose: 'export'` when the share rebuilds a key to show it (recorded as an export). */
export interface AuthShareRequest extends EntropyRequest {
  purpose?: 'export';
}

export interface RecoveryShareRequest extends EntropyRequest {
  /** Opens a `user-passcode` share. */
  password_verifier?: string | null;
  /** `recover` when the share rebuilds the wallet on this device (recorded as a recovery). */
  purpose?: 'recover';
}

export interface RecoveryShareReply {
  recovery_method: FrameRecoveryMethod;
  encrypted_recovery_share: string;
  recovery_key_derivation_salt: string | null;
}

/** WIRE.md §3.8's shape; the iCloud and recovery-code fields are always null here. */
export interface KeyMaterialReply {
  recovery_type: string;
  recovery_key: string | null;
  recovery_key_derivation_salt: string | null;
  recovery_code?: null;
  file_id?: null;
  icloud_record_name?: null;
}

/** A key-proof nonce, with the names the proof message binds it to. */
export interface NonceReply {
  nonce: string;
  app_id: string;
  user_id: string;
  /** Unix seconds. */
  expires_at: number;
}

export interface AuthShareReply {
  auth_share: string;
  /** The session the share was released to: the frame keeps it for that session only. */
  session_id: string;
}

/**
 * `POST frame/session/events`: a `text/event-stream` that says, every `heartbeatMs`, that the session
 * the request's token belongs to is still live (`live`), and once it is not, `ended` (then closes).
 * The frame signs with a held share without asking `frameSession` while the last `live` is fresh.
 * The server closes the stream without `ended` when the access token expires (the frame reopens it
 * with a fresh token) or when it shuts down. POST, not GET, though it changes nothing: a browser sends
 * no `Origin` on a same-origin GET, and the app's origin rules (and, with cookie sessions, the CSRF
 * rule) need one, as they do for `frameSession`.
 */
export const sessionEvents = { live: 'live', ended: 'ended', heartbeatMs: 500 } as const;

/** The `data` of each session event (JSON). */
export interface SessionEventData {
  session_id: string;
}

const frameTable = {
  frameSession: { method: 'POST', path: '/api/v1/embedded_wallets/frame/session' },
  frameSessionEvents: { method: 'POST', path: '/api/v1/embedded_wallets/frame/session/events' },
  frameEnrollDevice: { method: 'POST', path: '/api/v1/embedded_wallets/frame/devices' },
  frameNonce: { method: 'POST', path: '/api/v1/embedded_wallets/frame/nonce' },
  frameCreate: { method: 'POST', path: '/api/v1/embedded_wallets/frame/create' },
  frameAddWallet: { method: 'POST', path: '/api/v1/embedded_wallets/frame/add_wallet' },
  frameImport: { method: 'POST', path: '/api/v1/embedded_wallets/frame/import' },
  frameAuthShare: { method: 'POST', path: '/api/v1/embedded_wallets/frame/auth_share' },
  frameRecoveryShare: { method: 'POST', path: '/api/v1/embedded_wallets/frame/recovery_share' },
  frameSetRecovery: { method: 'POST', path: '/api/v1/embedded_wallets/frame/set_recovery' },
  frameKeyMaterial: { method: 'POST', path: '/api/v1/embedded_wallets/:address/recovery/key_material' },
} as const;

/** The routes the wallet frame calls; all but `frameSession`, `frameSessionEvents` and `frameEnrollDevice` need a DPoP proof. */
export const frameRoutes: TypedRoutes<
  typeof frameTable,
  {
    frameSession: { request: EmptyRequest; response: { session_id: string } };
    /** `text/event-stream` of `SessionEvent`s (`sessionEvents` names them), not one JSON reply. */
    frameSessionEvents: { request: EmptyRequest; response: SessionEventData };
    frameEnrollDevice: { request: EmptyRequest; response: EmptyResponse };
    frameNonce: { request: EmptyRequest; response: NonceReply };
    frameCreate: { request: CreateUpload; response: User };
    frameAddWallet: { request: AddWalletUpload; response: User };
    frameImport: { request: ImportUpload; response: User };
    frameAuthShare: { request: AuthShareRequest; response: AuthShareReply };
    frameRecoveryShare: { request: RecoveryShareRequest; response: RecoveryShareReply };
    frameSetRecovery: { request: SetRecoveryUpload; response: User };
    frameKeyMaterial: { request: { chain_type?: ChainType }; response: KeyMaterialReply };
  }
> = frameTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const frameReference: ReferenceArea = {
  name: 'Embedded wallets',
  description: "The wallet frame's API (WIRE.md §6).",
  tables: [[frameRoutes, 'frame']],
};
