import { LatchkeyError } from '@latchkey/core';
import type { SendTransactionModalUIOptions, SignMessageModalUIOptions } from '@latchkey/core/signing/calls';
import type { CallbackError, PrivyErrorCode } from '../callbacks.ts';
import type { FundWalletConfig } from '../types.ts';

/**
 * What the Ethereum signing hooks (`useSignMessage`, `useSignTypedData`, `useSendTransaction`,
 * `useSignTransaction`) and `usePrivy`'s signing members take and give, as the incumbent declares
 * them, so an app's calls type-check against ours (issue 31). Core checks the values at run time.
 */

/** The incumbent's transaction request (`to` any string; Latchkey checks it at run time). */
export interface PrivyTransactionRequest {
  from?: string;
  to?: string;
  nonce?: string | number | bigint;
  gasLimit?: string | number | bigint;
  gasPrice?: string | number | bigint;
  data?: ArrayLike<number> | string;
  value?: string | number | bigint;
  chainId?: number;
  type?: number;
  accessList?:
    | Array<{ address: string; storageKeys: Array<string> }>
    | Array<[string, Array<string>]>
    | Record<string, Array<string>>;
  maxPriorityFeePerGas?: string | number | bigint;
  maxFeePerGas?: string | number | bigint;
}

/** The incumbent's EIP-712 typed data (`SignTypedDataParams`). */
export interface PrivyTypedData {
  types: { [type: string]: { name: string; type: string }[] };
  primaryType: string | number;
  domain: {
    name?: string;
    version?: string;
    chainId?: number;
    verifyingContract?: string;
    salt?: ArrayBuffer;
  };
  message: Record<string, unknown>;
}

/** Where a signature goes: which embedded wallet, and the screen's texts. */
export interface SignOptions {
  uiOptions?: SignMessageModalUIOptions;
  /** The embedded wallet to use; default the user's first Ethereum embedded wallet. */
  address?: string;
}

/** Where a transaction goes; `sponsor` and `fundWalletConfig` are accepted and not used yet. */
export interface TransactionOptions {
  sponsor?: boolean;
  uiOptions?: SendTransactionModalUIOptions;
  fundWalletConfig?: FundWalletConfig;
  /** The embedded wallet to use; default the user's first Ethereum embedded wallet. */
  address?: string;
}

/** A signing hook's callbacks: the call's result, or the error code (the promise rejects with the error). */
export interface SigningHookCallbacks<Result> {
  onSuccess?: (params: Result) => void;
  onError?: CallbackError;
}

/**
 * The code a failed signing call reports: a Latchkey error's own, else `fallback` (`unable_to_sign`
 * for signatures, `transaction_failure` for transactions; a user's 'Cancel' among them, whose 4001
 * error the promise rejects with).
 */
export const signingErrorCode = (error: unknown, fallback: PrivyErrorCode): PrivyErrorCode =>
  error instanceof LatchkeyError ? (error.code as PrivyErrorCode) : fallback;

/** Runs a signing call, telling the latest callbacks how it went; the promise settles the same way. */
export async function withSigningCallbacks<Result>(
  callbacks: { readonly current: SigningHookCallbacks<Result> | undefined },
  fallback: PrivyErrorCode,
  call: () => Promise<Result>,
): Promise<Result> {
  try {
    const result = await call();
    callbacks.current?.onSuccess?.(result);
    return result;
  } catch (error) {
    callbacks.current?.onError?.(signingErrorCode(error, fallback));
    throw error;
  }
}
