import {
  type AddWalletUpload,
  type ChainType,
  type CreateUpload,
  dpopHeaders,
  frameRoutes,
  headers,
  type ImportUpload,
  type KeyMaterialReply,
  mfaApi,
  mfaTokenHeader,
  type NonceReply,
  type PathParamsOf,
  type RecoveryShareReply,
  type RequestOf,
  type ResponseOf,
  type Route,
  routeUrl,
  type SetRecoveryUpload,
} from '@latchkey/protocol';
import { type DeviceKey, dpopProof, memoryDeviceKey } from './device-key.ts';
import { FrameError, type FrameErrorType, frameMessages } from './frame-error.ts';
import type { MfaCredential } from './mfa/mfa-fields.ts';
import { MfaToken } from './mfa/mfa-token.ts';

// The upload and reply shapes are the contract's (protocol api/embedded-wallets.ts).
export type { NonceReply, RecoveryUpload } from '@latchkey/protocol';

/** How one call is sent: with a DPoP proof unless `proof` is false; enrolling the device when refused. */
export interface CallOptions<R extends Route> {
  proof?: boolean;
  enroll?: boolean;
  params?: PathParamsOf<R>;
}

/** Server error codes that mean the request itself was wrong, not that something failed. */
const requestErrorCodes = new Set(['invalid_data', 'invalid_request']);

/**
 * A DPoP nonce is good for the server's window it was issued in and the next (at least 300 s after it
 * was handed out); the frame renews one older than this before a proof, so a proof never meets
 * `use_dpop_nonce` (a failed request in the page's console) in a normal session.
 */
export const dpopNonceMaxAgeMs = 240_000;

/** The server's refusals for MFA: no token (the user has a factor), or one expired or not theirs. */
const mfaErrorCodes = new Set(['missing_or_invalid_mfa', 'expired_or_invalid_mfa_token']);

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
  /** The server's latest DPoP nonce, for the next proof, and when it came (this page's clock). */
  #nonce: string | null;
  #nonceAt: number;
  readonly #now: () => number;
  /** The MFA token the `verify` routes handed this page: sent on every request to the server, never to the host. */
  readonly mfaToken: MfaToken;

  constructor(options: {
    apiUrl: string;
    appId: string;
    fetch?: typeof fetch;
    /** This device's key; a fresh in-memory one by default (Node tests). */
    deviceKey?: () => Promise<DeviceKey>;
    /** The clock the MFA token's and the DPoP nonce's lifetimes are read on (tests). */
    now?: () => number;
    /** The DPoP nonce the frame page was served with, so the first proof carries a current one. */
    dpopNonce?: string | null | undefined;
  }) {
    this.#now = options.now ?? Date.now;
    this.mfaToken = new MfaToken(this.#now);
    this.#nonce = options.dpopNonce ?? null;
    this.#nonceAt = this.#now();
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
    const reply: { session_id?: unknown } = await this.call(
      frameRoutes.frameSession,
      accessToken,
      {},
      {
        proof: false,
      },
    );
    if (typeof reply.session_id !== 'string') throw new FrameError('error', 'Unexpected server reply.');
    return reply.session_id;
  }

  /**
   * Opens the session's event stream (`frameSessionEvents`): with `fetch`, since an EventSource cannot
   * send the Authorization header (nor POST, which the route is so the browser sends `Origin`).
   * Rejects unless the server answers with a stream.
   */
  async sessionEvents(accessToken: string | null, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const requestHeaders: Record<string, string> = {
      [headers.appId]: this.#appId,
      accept: 'text/event-stream',
      'content-type': 'application/json',
    };
    if (accessToken) requestHeaders.authorization = `Bearer ${accessToken}`;
    const mfaToken = this.mfaToken.current();
    if (mfaToken) requestHeaders[mfaTokenHeader] = mfaToken;
    const response = await this.#fetch(`${this.#apiUrl}${frameRoutes.frameSessionEvents.path}`, {
      method: frameRoutes.frameSessionEvents.method,
      headers: requestHeaders,
      body: '{}',
      credentials: accessToken ? 'omit' : 'include',
      cache: 'no-store',
      signal,
    });
    if (
      !response.ok ||
      !response.body ||
      !response.headers.get('content-type')?.startsWith('text/event-stream')
    ) {
      await response.body?.cancel().catch(() => undefined);
      throw new FrameError('error', `Session events refused (status ${response.status})`, response.status);
    }
    return response.body;
  }

  /** Enrolls this device for the user (only shortly after a login; see docs/security.md). */
  async enroll(accessToken: string | null): Promise<void> {
    await this.call(frameRoutes.frameEnrollDevice, accessToken, {}, { enroll: false });
  }

  /**
   * A single-use nonce for key proofs. The flows that ask for one (creating, importing, recovering a
   * wallet) are the first to need this device enrolled for the user (a new user's first wallet):
   * enrolling first, a no-op for an enrolled device, spares them a refused request.
   */
  async nonce(accessToken: string | null): Promise<NonceReply> {
    await this.enroll(accessToken);
    const reply: Partial<NonceReply> = await this.call(frameRoutes.frameNonce, accessToken, {});
    if (
      typeof reply.nonce !== 'string' ||
      typeof reply.app_id !== 'string' ||
      typeof reply.user_id !== 'string'
    )
      throw new FrameError('error', 'Unexpected server reply.');
    return reply as NonceReply;
  }

  create(accessToken: string | null, body: CreateUpload): Promise<unknown> {
    return this.call(frameRoutes.frameCreate, accessToken, body);
  }

  addWallet(accessToken: string | null, body: AddWalletUpload): Promise<unknown> {
    return this.call(frameRoutes.frameAddWallet, accessToken, body);
  }

  importWallet(accessToken: string | null, body: ImportUpload): Promise<unknown> {
    return this.call(frameRoutes.frameImport, accessToken, body);
  }

  /** The entropy's auth share and the session it was released to. */
  async authShare(
    accessToken: string | null,
    entropyId: string,
    purpose?: 'export',
  ): Promise<{ share: string; sessionId: string }> {
    // Checked, not trusted: the reply is read before anything is done with it.
    const reply: { auth_share?: unknown; session_id?: unknown } = await this.call(
      frameRoutes.frameAuthShare,
      accessToken,
      { entropy_id: entropyId, ...(purpose ? { purpose } : {}) },
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
    purpose?: 'recover',
  ): Promise<RecoveryShareReply> {
    return this.call(frameRoutes.frameRecoveryShare, accessToken, {
      entropy_id: entropyId,
      ...(purpose ? { purpose } : {}),
      ...(passwordVerifier ? { password_verifier: passwordVerifier } : {}),
    });
  }

  setRecovery(accessToken: string | null, body: SetRecoveryUpload): Promise<unknown> {
    return this.call(frameRoutes.frameSetRecovery, accessToken, body);
  }

  /** WIRE §3.8: the `privy` method's recovery key (or the passcode method's salt) for a wallet address. */
  keyMaterial(accessToken: string | null, address: string, chainType: ChainType): Promise<KeyMaterialReply> {
    return this.call(
      frameRoutes.frameKeyMaterial,
      accessToken,
      { chain_type: chainType },
      { params: { address } },
    );
  }

  /**
   * Verifies a code with the server (`/mfa/{method}/verify`) and holds the MFA token it answers. A code
   * the server refuses is the user's to retry: `missing_or_invalid_mfa`, which the host answers by
   * asking again. Being rate limited, or a malformed request, is not a wrong code.
   */
  async verifyMfa(accessToken: string | null, credential: MfaCredential): Promise<void> {
    let reply: { token?: unknown };
    try {
      reply =
        credential.method === 'passkey'
          ? await this.userCall(mfaApi.mfaPasskeyVerify, accessToken, {
              authenticator_response: credential.assertion,
              ...(credential.relyingParty ? { relying_party: credential.relyingParty } : {}),
            })
          : await this.userCall(
              credential.method === 'sms' ? mfaApi.mfaSmsVerify : mfaApi.mfaTotpVerify,
              accessToken,
              { code: credential.code },
            );
    } catch (error) {
      const status = error instanceof FrameError && error.type === 'error' ? (error.status ?? 0) : 0;
      if (status >= 400 && status < 500 && status !== 429)
        throw new FrameError('missing_or_invalid_mfa', frameMessages.mfaFailed, status);
      throw error;
    }
    if (typeof reply.token !== 'string' || reply.token.length === 0)
      throw new FrameError('error', 'Unexpected server reply.');
    this.mfaToken.hold(reply.token);
  }

  /**
   * A call to a user route outside the frame API (the MFA routes, passkey unlinking): no device proof,
   * the MFA token when the page holds one.
   */
  userCall<R extends Route>(
    route: R,
    accessToken: string | null,
    body: RequestOf<R>,
  ): Promise<ResponseOf<R>> {
    return this.call(route, accessToken, body, { proof: false, enroll: false });
  }

  /**
   * One request, with its proof unless `proof` is false. A missing or stale nonce (`use_dpop_nonce`)
   * is answered with a fresh one, and the request is sent again once; a device the server does not
   * know (`device_revoked`) enrolls, and the request is sent again once. An MFA token the server no
   * longer takes (expired, or of another session) is dropped, and the request sent again without it
   * once: the server then says whether it needs one (`missing_or_invalid_mfa`).
   */
  /**
   * Sends one frame route (protocol `frameApi` and the features' frame routes) the way every call here
   * goes: authenticated, with a DPoP proof unless told otherwise, and answered or refused as the server
   * says. A feature's calls live in its own folder (delegation/server-calls.ts) and send through this.
   */
  async call<R extends Route>(
    route: R,
    accessToken: string | null,
    body: RequestOf<R>,
    options: CallOptions<R> = {},
  ): Promise<ResponseOf<R>> {
    const proof = options.proof ?? true;
    const path = options.params ? routeUrl(route, options.params) : route.path;
    // A nonce near its end is renewed by the session check (no proof, it hands out the current one);
    // should that fail, the request below meets `use_dpop_nonce` and is sent again, as before.
    if (proof && this.#nonce !== null && this.#now() - this.#nonceAt > dpopNonceMaxAgeMs)
      await this.session(accessToken).catch(() => undefined);
    let failure = await this.#send(path, accessToken, body, proof);
    if ('reply' in failure) return failure.reply as ResponseOf<R>;
    if (failure.code === 'use_dpop_nonce') failure = await this.#send(path, accessToken, body, proof);
    if ('reply' in failure) return failure.reply as ResponseOf<R>;
    if (failure.code === 'expired_or_invalid_mfa_token' && this.mfaToken.current() !== null) {
      this.mfaToken.drop();
      failure = await this.#send(path, accessToken, body, proof);
      if ('reply' in failure) return failure.reply as ResponseOf<R>;
    }
    if (failure.code === 'device_revoked' && (options.enroll ?? true)) {
      await this.enroll(accessToken);
      failure = await this.#send(path, accessToken, body, proof);
      if ('reply' in failure) return failure.reply as ResponseOf<R>;
    }
    throw toFrameError(failure);
  }

  async #send(
    path: string,
    accessToken: string | null,
    body: unknown,
    proof: boolean,
  ): Promise<{ reply: object } | { status: number; code: unknown; error: unknown }> {
    const url = `${this.#apiUrl}${path}`;
    const requestHeaders: Record<string, string> = {
      [headers.appId]: this.#appId,
      'content-type': 'application/json',
    };
    if (accessToken) requestHeaders.authorization = `Bearer ${accessToken}`;
    const mfaToken = this.mfaToken.current();
    if (mfaToken) requestHeaders[mfaTokenHeader] = mfaToken;
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
    const nonce = response.headers.get(dpopHeaders.nonce);
    if (nonce) {
      this.#nonce = nonce;
      this.#nonceAt = this.#now();
    }
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
  if (code === 'recent_authentication_required')
    return new FrameError('error', frameMessages.loginAgain, status);
  if (code === 'invalid_recovery_password')
    return new FrameError('invalid_recovery_pin', frameMessages.wrongPassword, status);
  // The host asks the user for a code and sends the request again with it (WIRE.md §6).
  if (typeof code === 'string' && mfaErrorCodes.has(code))
    return new FrameError('missing_or_invalid_mfa', frameMessages.mfaRequired, status);
  const type: FrameErrorType =
    typeof code === 'string' && requestErrorCodes.has(code) ? 'invalid_request_arguments' : 'error';
  const detail = typeof error === 'string' && error ? `: ${error}` : '';
  return new FrameError(
    type,
    `Request failed with status code ${status}${detail}`,
    status,
    typeof code === 'string' ? code : undefined,
  );
}
