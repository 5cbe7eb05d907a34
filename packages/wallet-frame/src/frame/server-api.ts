import { headers } from '@latchkey/protocol';
import { FrameError, type FrameErrorType } from './frame-error.ts';
import type { ChainType, EntropyIdVerifier, RecoveryMethod } from './request-data.ts';

/** The recovery fields every share upload carries (base64); exactly one of key / salt, per method. */
export interface RecoveryUpload {
  recovery_method: RecoveryMethod;
  encrypted_recovery_share: string;
  recovery_key?: string;
  recovery_key_derivation_salt?: string;
}

export interface CreateUpload extends RecoveryUpload {
  entropy_id: string;
  entropy_id_verifier: EntropyIdVerifier;
  auth_share: string;
  wallets: { chain_type: ChainType; address: string; wallet_index: number; public_key?: string }[];
}

/** An imported key's shares; the key is named by its address (its own entropy id). */
export interface ImportUpload extends RecoveryUpload {
  chain_type: ChainType;
  address: string;
  auth_share: string;
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

/** Server error codes that mean the request itself was wrong, not that something failed. */
const requestErrorCodes = new Set(['invalid_data', 'invalid_request']);

/**
 * The frame's own API on the Latchkey server (`/api/v1/embedded_wallets/frame/*`). The frame runs on the
 * server's origin, so the browser sends that Origin, which is what lets these routes hand out shares.
 */
export class ServerApi {
  readonly #apiUrl: string;
  readonly #appId: string;
  readonly #fetch: typeof fetch;

  constructor(options: { apiUrl: string; appId: string; fetch?: typeof fetch }) {
    this.#apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.#appId = options.appId;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  create(accessToken: string, body: CreateUpload): Promise<unknown> {
    return this.#post('/frame/create', accessToken, body);
  }

  addWallet(
    accessToken: string,
    body: { entropy_id: string; chain_type: ChainType; address: string; wallet_index: number },
  ): Promise<unknown> {
    return this.#post('/frame/add_wallet', accessToken, body);
  }

  importWallet(accessToken: string, body: ImportUpload): Promise<unknown> {
    return this.#post('/frame/import', accessToken, body);
  }

  async authShare(accessToken: string, entropyId: string): Promise<string> {
    const reply = await this.#post<{ auth_share?: unknown }>('/frame/auth_share', accessToken, {
      entropy_id: entropyId,
    });
    if (typeof reply.auth_share !== 'string') throw new FrameError('error', 'The server sent no auth share');
    return reply.auth_share;
  }

  recoveryShare(accessToken: string, entropyId: string): Promise<RecoveryShareReply> {
    return this.#post('/frame/recovery_share', accessToken, { entropy_id: entropyId });
  }

  setRecovery(
    accessToken: string,
    body: RecoveryUpload & { entropy_id: string; auth_share: string },
  ): Promise<unknown> {
    return this.#post('/frame/set_recovery', accessToken, body);
  }

  /** WIRE §3.8: the `privy` method's recovery key (or the passcode method's salt) for a wallet address. */
  keyMaterial(accessToken: string, address: string, chainType: ChainType): Promise<KeyMaterialReply> {
    return this.#post(`/${encodeURIComponent(address)}/recovery/key_material`, accessToken, {
      chain_type: chainType,
    });
  }

  async #post<T>(path: string, accessToken: string, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#apiUrl}/api/v1/embedded_wallets${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          [headers.appId]: this.#appId,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new FrameError('error', 'Could not reach the Latchkey server.');
    }
    let reply: unknown = null;
    try {
      reply = await response.json();
    } catch {}
    if (!response.ok) throw failure(response.status, reply);
    if (typeof reply !== 'object' || reply === null)
      throw new FrameError('error', 'Unexpected server reply.');
    return reply as T;
  }
}

/** "code 429" stays in the message: the React SDK looks for it to tell rate limiting apart (WIRE §6). */
function failure(status: number, reply: unknown): FrameError {
  const { error, code } = (typeof reply === 'object' && reply !== null ? reply : {}) as Record<
    string,
    unknown
  >;
  const type: FrameErrorType =
    typeof code === 'string' && requestErrorCodes.has(code) ? 'invalid_request_arguments' : 'error';
  const detail = typeof error === 'string' && error ? `: ${error}` : '';
  return new FrameError(type, `Request failed with status code ${status}${detail}`);
}
