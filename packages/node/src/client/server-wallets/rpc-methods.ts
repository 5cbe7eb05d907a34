import type { WalletRpcRequest } from '@latchkey/protocol';
import type { WriteOptions } from './signed-call.ts';

/**
 * The wallet RPC methods of spec document 2 §7 as `POST /wallets/:id/rpc` takes and answers them
 * (WIRE.md §7.3): each method's `params` and the `data` of its answer, so `wallets.rpc` is typed by
 * the method it is given. Wire names (snake_case); quantities as 0x-hex strings or numbers (a bigint
 * given to the SDK is sent as 0x-hex).
 */

export type Hex = `0x${string}`;
/** A quantity: 0x-hex (no decimal point), a safe integer, or a bigint the SDK turns into 0x-hex. */
export type Quantity = Hex | number | bigint;

/** An EIP-712 message as the API takes it (`primary_type`, and `EIP712Domain` in `types` optional). */
export interface EthereumTypedData {
  domain: Record<string, unknown>;
  types: Record<string, readonly { name: string; type: string }[]>;
  message: Record<string, unknown>;
  primary_type: string;
}

/** An unsigned transaction (`UnsignedEthereumTransaction`): types 0 (legacy), 1 (EIP-2930), 2 (EIP-1559). */
export interface EthereumTransaction {
  type?: 0 | 1 | 2;
  from?: string;
  to?: string;
  data?: Hex;
  value?: Quantity;
  nonce?: Quantity;
  chain_id?: Quantity;
  gas_limit?: Quantity;
  gas_price?: Quantity;
  max_fee_per_gas?: Quantity;
  max_priority_fee_per_gas?: Quantity;
}

/** A signed EIP-7702 authorization. */
export interface Ethereum7702Authorization {
  contract: string;
  chain_id: Quantity;
  nonce: Quantity;
  r: Hex;
  s: Hex;
  y_parity: number;
}

/** A transaction the server sent: its hash on the chain, and the record that follows it (`GET /transactions/:id`). */
export interface SentTransactionData {
  hash: string;
  caip2: string;
  transaction_id?: string;
  reference_id?: string | null;
}

interface HexSignature {
  signature: Hex;
  encoding: 'hex';
}

export interface WalletRpcMethods {
  personal_sign: { params: { message: string; encoding: 'utf-8' | 'hex' }; data: HexSignature };
  eth_signTypedData_v4: { params: { typed_data: EthereumTypedData }; data: HexSignature };
  eth_signTransaction: {
    params: { transaction: EthereumTransaction };
    data: { signed_transaction: Hex; encoding: 'rlp' };
  };
  eth_sendTransaction: { params: { transaction: EthereumTransaction }; data: SentTransactionData };
  secp256k1_sign: { params: { hash: Hex }; data: HexSignature };
  eth_sign7702Authorization: {
    params: { contract: string; chain_id: Quantity; nonce: Quantity; executor?: 'self' };
    data: { authorization: Ethereum7702Authorization };
  };
  signMessage: {
    params: { message: string; encoding: 'base64' };
    data: { signature: string; encoding: 'base64' };
  };
  signTransaction: {
    params: { transaction: string; encoding: 'base64' };
    data: { signed_transaction: string; encoding: 'base64' };
  };
  signAndSendTransaction: {
    params: { transaction: string; encoding: 'base64' };
    data: SentTransactionData & { signed_transaction?: string };
  };
}

export type WalletRpcMethod = keyof WalletRpcMethods;

/** `POST /wallets/:id/rpc`'s body for one method: its params, and the request's other fields. */
export type WalletRpcInput<M extends WalletRpcMethod> = Omit<WalletRpcRequest, 'method' | 'params'> & {
  method: M;
  params: WalletRpcMethods[M]['params'];
};

/** Its answer. */
export interface WalletRpcResult<M extends WalletRpcMethod> {
  method: M;
  data: WalletRpcMethods[M]['data'];
}

/** `wallets.rpc`, as the chain helpers call it. */
export type WalletRpcCall = <M extends WalletRpcMethod>(
  walletId: string,
  input: WalletRpcInput<M>,
  options?: WriteOptions,
) => Promise<WalletRpcResult<M>>;
