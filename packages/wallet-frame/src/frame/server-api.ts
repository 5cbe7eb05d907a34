import { dpopHeaders, frameApi, headers, routePath } from '@latchkey/protocol';
import { type DeviceKey, dpopProof, memoryDeviceKey } from './device-key.ts';
import { FrameError, type FrameErrorType, frameMessages } from './frame-error.ts';
import type { ChainType, EntropyIdVerifier, RecoveryMethod } from './request-data.ts';

/** The recovery fields every share upload carries (base64); exactly one of key / salt, per method. */
export interface RecoveryUpload {
  recovery_method: RecoveryMethod;
  encrypted_recovery_share: string;
  recovery_key?: string;
  recovery_key_derivation_salt?: string;
  /** `user-passcode`: the new password's verifier. */
  recovery_password_verifier?: string;
}

/** A wallet's signature of the key-proof message for the request's nonce. */
export interface KeyProof {
  nonce: string;
  signature: string;
}

export interface CreateUpload extends RecoveryUpload {
  entropy_id: string;
  entropy_id_verifier: EntropyIdVerifier;
  auth_share: string;
  wallets: { chain_type: ChainType; address: string; wallet_index: number; public_key?: string }[];
  nonce: string;
  key_proofs: { address: string; signature: string }[];
}

/** An imported key's shares; the key is named by its address (its own entropy id). */
export interface ImportUpload extends RecoveryUpload, KeyProof {
  chain_type: ChainType;
  address: string;
  auth_share: string;
}

export interface SetRecoveryUpload extends RecoveryUpload, KeyProof {
  entropy_id: string;
  auth_share: string;
  /** Proof of the current password, when the wallet has one. */
  current_password_verifier?: string;
}

export interface RecoveryShareReply {
  recovery_method: RecoveryMethod;
  encrypted_recovery_share: string;
  recovery_key_derivation_salt: string | null;
}

export interface KeyMaterialReply {
  recovery_type: string;
  recovery_key: string | null;
  recovery_key_derivation_salt: string | null;
}

/** A key-proof nonce, with the names the proof message binds it to. */
export interface NonceReply {
  nonce: string;
  app_id: string;
  user_id: string;
}

/** Server error codes that mean the request itself was wrong, not that something failed. */
const requestErrorCodes = new Set(['invalid_data', 'invalid_request']);

/**
 * The frame's own API on the Latchkey server (protocol `frameApi`). Every request is authenticated by
 * the user's access token (or, in cookie mode, the session cookie, which only this origin's requests
 * carry) and, where the server hands out or changes share material, by a DPoP proof of this device's
 * key. The device enrolls itself when the server does not know it yet, which the server allows only
 * shortly after a login.
 */
export class ServerApi {
  readonly #apiUrl: string;
  readonly #appId: string;
  readonly #fetch: typeof fetch;
  readonly #deviceKey: () => Promise<DeviceKey>;
  /** The server's latest DPoP nonce, for the next proof. */
  #nonce: string | null = null;

  constructor(options: {
    apiUrl: string;
    appId: string;
    fetch?: typeof fetch;
    /** This device's key; a fresh in-memory one by default (Node tests). */
    deviceKey?: () => Promise<DeviceKey>;
  }) {
    this.#apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.#appId = options.appId;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
    let key: Promise<DeviceKey> | null = null;
    this.#deviceKey = options.deviceKey ?? (() => (key ??= memoryDeviceKey()));
  }

  /** The device key the proofs are signed with. */
  deviceKey(): Promise<DeviceKey> {
    return this.#deviceKey();
  }

  /** The session the token (or cookie) belongs to, if it is still live: no proof needed. */
  async session(accessToken: string | null): Promise<string> {
    const reply = await this.#post<{ session_id?: unknown }>(
      frameApi.session,
      accessToken,
      {},
      { proof: false },
    );
    if (typeof reply.session_id !== 'string') throw new FrameError('error', 'Unexpected server reply.');
    return reply.session_id;
  }

  /** Enrolls this device for the user (only shortly after a login; see docs/security.md). */
  async enroll(accessToken: string | null): Promise<void> {
    await this.#post(frameApi.enrollDevice, accessToken, {}, { enroll: false });
  }

  /** A single-use nonce for key proofs. */
  async nonce(accessToken: string | null): Promise<NonceReply> {
    const reply = await this.#post<Partial<NonceReply>>(frameApi.nonce, accessToken, {});
    if (
      typeof reply.nonce !== 'string' ||
      typeof reply.app_id !== 'string' ||
      typeof reply.user_id !== 'string'
    )
      throw new FrameError('error', 'Unexpected server reply.');
    return reply as NonceReply;
  }

  create(accessToken: string | null, body: CreateUpload): Promise<unknown> {
    return this.#post(frameApi.create, accessToken, body);
  }

  addWallet(
    accessToken: string | null,
    body: { entropy_id: string; chain_type: ChainType; address: string; wallet_index: number } & KeyProof,
  ): Promise<unknown> {
    return this.#post(frameApi.addWallet, accessToken, body);
  }

  importWallet(accessToken: string | null, body: ImportUpload): Promise<unknown> {
    return this.#post(frameApi.import, accessToken, body);
  }

  /** The entropy's auth share and the session it was released to. */
  async authShare(
    accessToken: string | null,
    entropyId: string,
  ): Promise<{ share: string; sessionId: string }> {
    const reply = await this.#post<{ auth_share?: unknown; session_id?: unknown }>(
      frameApi.authShare,
      accessToken,
      { entropy_id: entropyId },
    );
    if (typeof reply.auth_share !== 'string' || typeof reply.session_id !== 'string')
      throw new FrameError('error', 'The server sent no auth share');
    return { share: reply.auth_share, sessionId: reply.session_id };
  }

  /** The encrypted recovery share; a `user-passcode` one needs the password's verifier (base64). */
  recoveryShare(
    accessToken: string | null,
    entropyId: string,
    passwordVerifier: string | null,
  ): Promise<RecoveryShareReply> {
    return this.#post(frameApi.recoveryShare, accessToken, {
      entropy_id: entropyId,
      ...(passwordVerifier ? { password_verifier: passwordVerifier } : {}),
    });
  }

  setRecovery(accessToken: string | null, body: SetRecoveryUpload): Promise<unknown> {
    return this.#post(frameApi.setRecovery, accessToken, body);
  }

  /** WIRE §3.8: the `privy` method's recovery key (or the passcode method's salt) for a wallet address. */
  keyMaterial(accessToken: string | null, address: string, chainType: ChainType): Promise<KeyMaterialReply> {
    return this.#post(routePath(frameApi.keyMaterial, { address }), accessToken, { chain_type: chainType });
  }

  /**
   * One request, with its proof unless `proof` is false. A missing or stale nonce (`use_dpop_nonce`)
   * is answered with a fresh one, and the request is sent again once; a device the server does not
   * know (`device_revoked`) enrolls, and the request is sent again once.
   */
  async #post<T>(
    path: string,
    accessToken: string | null,
    body: unknown,
    options: { proof?: boolean; enroll?: boolean } = {},
  ): Promise<T> {
    const proof = options.proof ?? true;
    let failure = await this.#send(path, accessToken, body, proof);
    if ('reply' in failure) return failure.reply as T;
    if (failure.code === 'use_dpop_nonce') failure = await this.#send(path, accessToken, body, proof);
    if ('reply' in failure) return failure.reply as T;
    if (failure.code === 'device_revoked' && (options.enroll ?? true)) {
      await this.enroll(accessToken);
      failure = await this.#send(path, accessToken, body, proof);
      if ('reply' in failure) return failure.reply as T;
    }
    throw toFrameError(failure);
  }

  async #send(
    path: string,
    accessToken: string | null,
    body: unknown,
    proof: boolean,
  ): Promise<{ reply: object } | { status: number; code: unknown; error: unknown }> {
    const url = `${this.#apiUrl}${frameApi.prefix}${path}`;
    const requestHeaders: Record<string, string> = {
      [headers.appId]: this.#appId,
      'content-type': 'application/json',
    };
    if (accessToken) requestHeaders.authorization = `Bearer ${accessToken}`;
    if (proof)
      requestHeaders[dpopHeaders.proof] = await dpopProof(await this.#deviceKey(), {
        method: 'POST',
        url,
        accessToken,
        nonce: this.#nonce,
      });
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method: 'POST',
        headers: requestHeaders,
        body: JSON.stringify(body),
        // With a token, nothing else; without one (cookie mode), the session cookie authenticates.
        credentials: accessToken ? 'omit' : 'include',
        cache: 'no-store',
      });
    } catch {
      throw new FrameError('error', 'Could not reach the Latchkey server.');
    }
    this.#nonce = response.headers.get(dpopHeaders.nonce) ?? this.#nonce;
    let reply: unknown = null;
    try {
      reply = await response.json();
    } catch {}
    const fields = (typeof reply === 'object' && reply !== null ? reply : {}) as Record<string, unknown>;
    if (!response.ok) return { status: response.status, code: fields.code, error: fields.error };
    if (typeof reply !== 'object' || reply === null)
      throw new FrameError('error', 'Unexpected server reply.');
    return { reply };
  }
}

/**
 * A server refusal as the frame reports it. "code 429" stays in the message: the React SDK looks for
 * it to tell rate limiting apart (WIRE §6). A login too old to enroll this device says what to do.
 */
function toFrameError(failure: { status: number; code: unknown; error: unknown }): FrameError {
  const { status, code, error } = failure;
  if (code === 'recent_authentication_required') return new FrameError('error', frameMessages.loginAgain);
  if (code === 'invalid_recovery_password')
    return new FrameError('invalid_recovery_pin', frameMessages.wrongPassword);
  const type: FrameErrorType =
    typeof code === 'string' && requestErrorCodes.has(code) ? 'invalid_request_arguments' : 'error';
  const detail = typeof error === 'string' && error ? `: ${error}` : '';
  return new FrameError(type, `Request failed with status code ${status}${detail}`);
}
