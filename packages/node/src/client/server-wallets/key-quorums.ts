import { type KeyQuorum, type KeyQuorumRequest, serverWalletsApi } from '@latchkey/protocol';
import { fillPath } from '../http.ts';
import type { CallOptions } from '../types.ts';
import { type ServerWalletsTransport, signedCall, type WriteOptions } from './signed-call.ts';

const quorumPath = (path: string, keyQuorumId: string) => fillPath(path, { key_quorum_id: keyQuorumId });

/**
 * Key quorums (REFERENCES §1.6): a set of authorization keys, users and (one level of) other quorums,
 * of which `authorization_threshold` must sign. A wallet's `owner_id` or additional signer. A quorum
 * changes or goes only with its own members' signatures (`authorizationContext`).
 *
 * @example
 * const [a, b] = [generateAuthorizationKeyPair(), generateAuthorizationKeyPair()];
 * const quorum = await latchkey.keyQuorums.create({ public_keys: [a.publicKey, b.publicKey], authorization_threshold: 2 });
 * const wallet = await latchkey.wallets.create({ chain_type: 'ethereum', owner_id: quorum.id });
 */
export class KeyQuorums {
  readonly #transport: ServerWalletsTransport;

  constructor(transport: ServerWalletsTransport) {
    this.#transport = transport;
  }

  /** Creates a quorum of `public_keys`, `user_ids` and `key_quorum_ids`; no threshold: all must sign. */
  create(input: KeyQuorumRequest, options: WriteOptions = {}): Promise<KeyQuorum> {
    return signedCall(
      this.#transport,
      { method: 'POST', path: serverWalletsApi.keyQuorumsCreate.path, body: input },
      options,
    );
  }

  /** A quorum by id; `NotFoundError` when the app has none. */
  get(keyQuorumId: string, options: CallOptions = {}): Promise<KeyQuorum> {
    return this.#transport.http.request({
      method: 'GET',
      path: quorumPath(serverWalletsApi.keyQuorumGet.path, keyQuorumId),
      idempotent: true,
      ...options,
    });
  }

  /** Changes its members, threshold or name: signed by enough of its current members. */
  update(keyQuorumId: string, input: KeyQuorumRequest, options: WriteOptions = {}): Promise<KeyQuorum> {
    return signedCall(
      this.#transport,
      { method: 'PATCH', path: quorumPath(serverWalletsApi.keyQuorumUpdate.path, keyQuorumId), body: input },
      options,
    );
  }

  /**
   * Deletes it: signed by enough of its members. Refused (`authorization_key_has_associated_wallets`)
   * while it owns or signs for a wallet.
   */
  async delete(keyQuorumId: string, options: WriteOptions = {}): Promise<void> {
    await signedCall(
      this.#transport,
      { method: 'DELETE', path: quorumPath(serverWalletsApi.keyQuorumDelete.path, keyQuorumId) },
      options,
    );
  }
}
