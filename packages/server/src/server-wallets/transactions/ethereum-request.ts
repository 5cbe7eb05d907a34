import type { EvmGasAndFees, EvmTransactionFields, EvmTransactionType } from '@latchkey/protocol';
import { isAddress } from 'viem';
import { ApiError } from '../../http/api-error.ts';

/**
 * `params.transaction` of `eth_sendTransaction` as the incumbent's API takes it (snake_case;
 * quantities as `0x` hex strings or non-negative integers, spec document 2 §5), parsed into the
 * fields the shared gas rules take (@latchkey/protocol `fillGasAndFees`). Bad input is `invalid_data`
 * with the field named; EIP-7702 (type 4, `authorization_list`) is `not_supported` here.
 */

const maxUint256 = 2n ** 256n - 1n;
const bad = (detail: string) => new ApiError('invalid_data', `Invalid transaction: ${detail}.`);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A quantity: `0x` hex (no decimal point, at most 256 bits) or a non-negative safe integer. */
export function wireQuantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  let parsed: bigint | undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) parsed = BigInt(value);
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) parsed = BigInt(value);
  if (parsed === undefined || parsed > maxUint256)
    throw bad(`${field} must be a 0x hex quantity or a non-negative integer`);
  return parsed;
}

function smallQuantity(value: unknown, field: string): number | undefined {
  const parsed = wireQuantity(value, field);
  if (parsed === undefined) return undefined;
  if (parsed > BigInt(Number.MAX_SAFE_INTEGER)) throw bad(`${field} is too large`);
  return Number(parsed);
}

function wireType(value: unknown): EvmTransactionType | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'string' && /^0x[0-9a-fA-F]{1,2}$/.test(value) ? Number(value) : value;
  if (n === 0 || n === 1 || n === 2) return n;
  if (n === 4)
    throw new ApiError(
      'not_supported',
      'EIP-7702 transactions (type 4) are not supported by eth_sendTransaction yet.',
    );
  throw bad('type must be 0, 1 or 2');
}

/** The wire transaction's fields; `from`, when given, must be the wallet's address. */
export function parseWireTransaction(transaction: unknown, walletAddress: string): EvmTransactionFields {
  if (!isRecord(transaction)) throw bad('expected an object');
  const { from, to, data } = transaction;
  if (from !== undefined && from !== null) {
    if (typeof from !== 'string' || from.toLowerCase() !== walletAddress.toLowerCase())
      throw bad("from is not this wallet's address");
  }
  if (
    to !== undefined &&
    to !== null &&
    to !== '' &&
    (typeof to !== 'string' || !isAddress(to, { strict: false }))
  )
    throw bad('to must be an address');
  if (
    data !== undefined &&
    data !== null &&
    (typeof data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(data))
  )
    throw bad('data must be 0x hex of whole bytes');
  if (transaction.authorization_list !== undefined && transaction.authorization_list !== null)
    throw new ApiError(
      'not_supported',
      'authorization_list (EIP-7702) is not supported by eth_sendTransaction yet.',
    );
  const chainId = smallQuantity(transaction.chain_id, 'chain_id');
  return {
    to: typeof to === 'string' && to !== '' ? (to as `0x${string}`) : undefined,
    value: wireQuantity(transaction.value, 'value') ?? 0n,
    data: typeof data === 'string' && data !== '0x' ? (data as `0x${string}`) : undefined,
    nonce: wireQuantity(transaction.nonce, 'nonce'),
    gasLimit: wireQuantity(transaction.gas_limit, 'gas_limit'),
    gasPrice: wireQuantity(transaction.gas_price, 'gas_price'),
    maxFeePerGas: wireQuantity(transaction.max_fee_per_gas, 'max_fee_per_gas'),
    maxPriorityFeePerGas: wireQuantity(transaction.max_priority_fee_per_gas, 'max_priority_fee_per_gas'),
    chainId: chainId === 0 ? undefined : chainId,
    type: wireType(transaction.type),
    accessList: undefined,
  };
}

const hex = (value: bigint | number) => `0x${value.toString(16)}`;

/**
 * The request as signed, in the wire's form (snake_case, quantities as hex): the record's
 * `transaction_request`, the send's response and the `transaction.still_pending` webhook.
 */
export function wireRequest(
  from: string,
  fields: EvmTransactionFields,
  filled: EvmGasAndFees,
  nonce: number,
  chainId: number,
): Record<string, unknown> {
  const request: Record<string, unknown> = {
    from,
    ...(fields.to ? { to: fields.to } : {}),
    value: hex(fields.value),
    ...(fields.data ? { data: fields.data } : {}),
    nonce: hex(nonce),
    chain_id: hex(chainId),
    type: filled.type,
    gas_limit: hex(filled.gasLimit),
  };
  if (filled.type === 2) {
    request.max_fee_per_gas = hex(filled.maxFeePerGas!);
    request.max_priority_fee_per_gas = hex(filled.maxPriorityFeePerGas!);
  } else request.gas_price = hex(filled.gasPrice!);
  return request;
}

/** The same request in the JSON-RPC form `ethereumRpc`'s `eth_signTransaction` signs. */
export function rpcTransaction(request: Record<string, unknown>): Record<string, unknown> {
  return {
    from: request.from,
    to: request.to,
    value: request.value,
    data: request.data,
    nonce: request.nonce,
    chainId: request.chain_id,
    type: request.type,
    gas: request.gas_limit,
    gasPrice: request.gas_price,
    maxFeePerGas: request.max_fee_per_gas,
    maxPriorityFeePerGas: request.max_priority_fee_per_gas,
  };
}
