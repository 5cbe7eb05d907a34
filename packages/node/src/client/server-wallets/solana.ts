import type { WalletRpcCall, WalletRpcMethods } from './rpc-methods.ts';
import type { WriteOptions } from './signed-call.ts';

type Data<M extends keyof WalletRpcMethods> = WalletRpcMethods[M]['data'];

/** A serialized transaction (wire format): its bytes, or their base64. */
export type SolanaTransactionBytes = Uint8Array | string;

const base64Of = (bytes: SolanaTransactionBytes) =>
  typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('base64');

/**
 * The Solana RPC methods of a server wallet, each one call of `wallets.rpc` that answers its `data`
 * (base64 in and out, as the wire has it). Write options last, as for Ethereum.
 */
export class SolanaWallets {
  readonly #rpc: WalletRpcCall;

  constructor(rpc: WalletRpcCall) {
    this.#rpc = rpc;
  }

  /**
   * `signMessage`: an Ed25519 signature (base64) over the message; a string is signed as its UTF-8 text.
   *
   * @example
   * const { signature } = await latchkey.wallets.solana.signMessage(wallet.id, 'Hello');
   */
  async signMessage(
    walletId: string,
    message: string | Uint8Array,
    options?: WriteOptions,
  ): Promise<Data<'signMessage'>> {
    const bytes = typeof message === 'string' ? Buffer.from(message, 'utf8') : Buffer.from(message);
    return (
      await this.#rpc(
        walletId,
        { method: 'signMessage', params: { message: bytes.toString('base64'), encoding: 'base64' } },
        options,
      )
    ).data;
  }

  /** `signTransaction`: the transaction with this wallet's signature in its slot (base64). */
  async signTransaction(
    walletId: string,
    transaction: SolanaTransactionBytes,
    options?: WriteOptions,
  ): Promise<Data<'signTransaction'>> {
    return (
      await this.#rpc(
        walletId,
        { method: 'signTransaction', params: { transaction: base64Of(transaction), encoding: 'base64' } },
        options,
      )
    ).data;
  }

  /** `signAndSendTransaction` on the cluster `caip2` names (`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`). */
  async signAndSendTransaction(
    walletId: string,
    input: { caip2: string; transaction: SolanaTransactionBytes; reference_id?: string; sponsor?: boolean },
    options?: WriteOptions,
  ): Promise<Data<'signAndSendTransaction'>> {
    const { transaction, ...rest } = input;
    return (
      await this.#rpc(
        walletId,
        {
          method: 'signAndSendTransaction',
          params: { transaction: base64Of(transaction), encoding: 'base64' },
          ...rest,
        },
        options,
      )
    ).data;
  }
}
