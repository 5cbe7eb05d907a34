import type {
  EthereumTransaction,
  EthereumTypedData,
  Hex,
  Quantity,
  WalletRpcCall,
  WalletRpcMethods,
} from './rpc-methods.ts';
import type { WriteOptions } from './signed-call.ts';

type Data<M extends keyof WalletRpcMethods> = WalletRpcMethods[M]['data'];

/** A send's chain and transaction, and what the record should carry. */
export interface EthereumSendTransactionInput {
  /** The chain, as CAIP-2 (`eip155:8453`). */
  caip2: string;
  transaction: EthereumTransaction;
  /** Your own id for the send, to find its record by (`GET /transactions?reference_id=`). */
  reference_id?: string;
  sponsor?: boolean;
}

/**
 * The Ethereum RPC methods of a server wallet, each one call of `wallets.rpc` that answers its `data`.
 * Every method takes the write options last (`authorizationContext` for an owned wallet,
 * `idempotencyKey`, `requestExpiry`, `signal`).
 */
export class EthereumWallets {
  readonly #rpc: WalletRpcCall;

  constructor(rpc: WalletRpcCall) {
    this.#rpc = rpc;
  }

  /**
   * `personal_sign` (EIP-191): a string is signed as its UTF-8 text, bytes as they are.
   *
   * @example
   * const { signature } = await latchkey.wallets.ethereum.signMessage(wallet.id, 'Hello');
   * await recoverMessageAddress({ message: 'Hello', signature }); // wallet.address
   */
  async signMessage(
    walletId: string,
    message: string | Uint8Array,
    options?: WriteOptions,
  ): Promise<Data<'personal_sign'>> {
    const params =
      typeof message === 'string'
        ? { message, encoding: 'utf-8' as const }
        : { message: Buffer.from(message).toString('hex'), encoding: 'hex' as const };
    return (await this.#rpc(walletId, { method: 'personal_sign', params }, options)).data;
  }

  /** `eth_signTypedData_v4` (EIP-712). Bigints in the message are sent as 0x-hex. */
  async signTypedData(
    walletId: string,
    typedData: EthereumTypedData,
    options?: WriteOptions,
  ): Promise<Data<'eth_signTypedData_v4'>> {
    return (
      await this.#rpc(
        walletId,
        { method: 'eth_signTypedData_v4', params: { typed_data: typedData } },
        options,
      )
    ).data;
  }

  /** `eth_signTransaction`: the signed transaction, RLP-serialized, ready for `eth_sendRawTransaction`. */
  async signTransaction(
    walletId: string,
    transaction: EthereumTransaction,
    options?: WriteOptions,
  ): Promise<Data<'eth_signTransaction'>> {
    return (await this.#rpc(walletId, { method: 'eth_signTransaction', params: { transaction } }, options))
      .data;
  }

  /**
   * `eth_sendTransaction`: the server fills in the nonce, gas and fees it is not given, signs, sends,
   * and records the send (its `transaction_id`).
   */
  async sendTransaction(
    walletId: string,
    { transaction, ...rest }: EthereumSendTransactionInput,
    options?: WriteOptions,
  ): Promise<Data<'eth_sendTransaction'>> {
    return (
      await this.#rpc(walletId, { method: 'eth_sendTransaction', params: { transaction }, ...rest }, options)
    ).data;
  }

  /** `secp256k1_sign`: a signature (r ‖ s ‖ v, hex) over a 32-byte hash, without any prefix. */
  async signSecp256k1(walletId: string, hash: Hex, options?: WriteOptions): Promise<Data<'secp256k1_sign'>> {
    return (await this.#rpc(walletId, { method: 'secp256k1_sign', params: { hash } }, options)).data;
  }

  /** `eth_sign7702Authorization`: an EIP-7702 authorization delegating this wallet to `contract`. */
  async sign7702Authorization(
    walletId: string,
    params: { contract: string; chain_id: Quantity; nonce: Quantity; executor?: 'self' },
    options?: WriteOptions,
  ): Promise<Data<'eth_sign7702Authorization'>> {
    return (await this.#rpc(walletId, { method: 'eth_sign7702Authorization', params }, options)).data;
  }
}
