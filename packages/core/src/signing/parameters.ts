/**
 * What the signing calls take (spec document 2 §3 "Sign message input", "Ethereum transaction
 * request"). Types only: the calls' code loads on first use.
 */
import type { SendTransactionModalUIOptions } from './options.ts';

export interface SigningCallOptions<UIOptions> {
  uiOptions?: UIOptions;
  /** The embedded wallet to use; default the user's first Ethereum embedded wallet. */
  address?: string;
}

/** A message: text (signed as UTF-8) or hex (`0x…`, signed as the bytes it encodes). */
export interface SignMessageParameters {
  message: string;
}

/** EIP-712 typed data, as `eth_signTypedData_v4` takes it (bigint values are allowed). */
export interface SignTypedDataParameters {
  domain?: Record<string, unknown>;
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

type Quantity = number | bigint | `0x${string}`;

/** An Ethereum transaction request; unset fields are filled (nonce, gas, fees, chain). */
export interface UnsignedTransactionRequest {
  to?: `0x${string}` | null;
  from?: `0x${string}`;
  value?: Quantity;
  data?: `0x${string}`;
  chainId?: Quantity;
  nonce?: Quantity;
  gas?: Quantity;
  gasLimit?: Quantity;
  gasPrice?: Quantity;
  maxFeePerGas?: Quantity;
  maxPriorityFeePerGas?: Quantity;
  type?: 0 | 1 | 2 | `0x${string}` | 'legacy' | 'eip2930' | 'eip1559';
}

/** Options of an embedded Solana wallet's sign and send calls. */
export interface SolanaSigningOptions {
  uiOptions?: SendTransactionModalUIOptions;
  /** A name from `config.solanaClusters`; default the first. */
  cluster?: string;
}
