/**
 * Turns an `eth_signTransaction` parameter (JSON-RPC shape, from the host page) into the transaction viem
 * serializes. The core prepares transactions fully (nonce, gas, fees, chainId), so anything missing here is
 * a bug upstream: it is refused rather than signed as a transaction that can never be mined.
 */
import type { AccessList, Address, Hex, TransactionSerializable } from 'viem';
import { isAddress } from 'viem/utils';
import { InvalidRequestError } from './errors.ts';

type TxType = 'legacy' | 'eip2930' | 'eip1559';

const MAX_UINT256 = 2n ** 256n - 1n;

const TYPE_NAMES: Record<string, TxType> = {
  '0': 'legacy',
  '1': 'eip2930',
  '2': 'eip1559',
  legacy: 'legacy',
  eip2930: 'eip2930',
  eip1559: 'eip1559',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const present = (value: unknown) => value !== undefined && value !== null;

/**
 * A quantity as callers send it: 0x-hex, a decimal string, a safe integer number or a bigint (postMessage
 * carries bigints). Returns undefined when absent.
 */
function quantity(value: unknown, field: string): bigint | undefined {
  if (!present(value)) return undefined;
  let parsed: bigint | undefined;
  if (typeof value === 'bigint') parsed = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) parsed = BigInt(value);
  else if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) parsed = BigInt(value);
  if (parsed === undefined || parsed < 0n || parsed > MAX_UINT256) {
    throw new InvalidRequestError(`Invalid transaction ${field}`);
  }
  return parsed;
}

function required(value: bigint | undefined, field: string): bigint {
  if (value === undefined) throw new InvalidRequestError(`Transaction ${field} is required`);
  return value;
}

function smallNumber(value: unknown, field: string): number {
  const parsed = required(quantity(value, field), field);
  if (parsed > BigInt(Number.MAX_SAFE_INTEGER)) throw new InvalidRequestError(`Invalid transaction ${field}`);
  return Number(parsed);
}

function txType(tx: Record<string, unknown>): TxType {
  const { type } = tx;
  if (!present(type)) {
    // Same inference as the JSON-RPC spec: fee-market fields mean type 2, an access list with a gas price
    // means type 1, a bare gas price means legacy; with no fee fields at all the required-field check reports it.
    if (present(tx.maxFeePerGas) || present(tx.maxPriorityFeePerGas)) return 'eip1559';
    if (present(tx.gasPrice)) return present(tx.accessList) ? 'eip2930' : 'legacy';
    return 'eip1559';
  }
  let key: string | undefined;
  if (typeof type === 'string' && Object.hasOwn(TYPE_NAMES, type)) key = type;
  else if (typeof type === 'string' && /^0x[0-9a-fA-F]+$/.test(type)) key = String(BigInt(type));
  else if (typeof type === 'number' || typeof type === 'bigint') key = String(type);
  const name = key === undefined ? undefined : TYPE_NAMES[key];
  if (!name) throw new InvalidRequestError('Unsupported transaction type');
  return name;
}

function address(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value))
    throw new InvalidRequestError(`Invalid transaction ${field}`);
  return value;
}

function accessList(value: unknown): AccessList | undefined {
  if (!present(value)) return undefined;
  if (!Array.isArray(value)) throw new InvalidRequestError('Invalid transaction accessList');
  return value.map((entry) => {
    if (!isRecord(entry) || !Array.isArray(entry.storageKeys)) {
      throw new InvalidRequestError('Invalid transaction accessList');
    }
    const storageKeys = entry.storageKeys.map((key) => {
      if (typeof key !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(key)) {
        throw new InvalidRequestError('Invalid transaction accessList');
      }
      return key as Hex;
    });
    return { address: address(entry.address, 'accessList'), storageKeys };
  });
}

/** `data` (or its alias `input`): 0x-hex of whole bytes. */
function callData(tx: Record<string, unknown>): Hex | undefined {
  const value = present(tx.data) ? tx.data : tx.input;
  if (!present(value)) return undefined;
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) {
    throw new InvalidRequestError('Invalid transaction data');
  }
  return value as Hex;
}

/** The tx's `from`, if given (the caller checks it against the signing key). */
export function transactionFrom(tx: unknown): unknown {
  return isRecord(tx) ? tx.from : undefined;
}

export function parseRpcTransaction(tx: unknown): TransactionSerializable {
  if (!isRecord(tx)) throw new InvalidRequestError('eth_signTransaction expects [transaction]');
  const type = txType(tx);
  // A missing, null or empty `to` is a contract creation.
  const to = present(tx.to) && tx.to !== '' ? address(tx.to, 'to') : undefined;
  const base = {
    to,
    data: callData(tx),
    value: quantity(tx.value, 'value') ?? 0n,
    nonce: smallNumber(tx.nonce, 'nonce'),
    gas: required(quantity(present(tx.gas) ? tx.gas : tx.gasLimit, 'gas'), 'gas'),
    chainId: smallNumber(tx.chainId, 'chainId'),
  };
  // Fields that do not belong to the type are dropped, as the core's preparation does (spec document 2 §5): an access
  // list on type 0, max fees on types 0 and 1.
  if (type === 'eip1559') {
    return {
      ...base,
      type,
      maxFeePerGas: required(quantity(tx.maxFeePerGas, 'maxFeePerGas'), 'maxFeePerGas'),
      maxPriorityFeePerGas: required(
        quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
        'maxPriorityFeePerGas',
      ),
      accessList: accessList(tx.accessList),
    };
  }
  const gasPrice = required(quantity(tx.gasPrice, 'gasPrice'), 'gasPrice');
  if (type === 'eip2930') return { ...base, type, gasPrice, accessList: accessList(tx.accessList) };
  return { ...base, type, gasPrice };
}
