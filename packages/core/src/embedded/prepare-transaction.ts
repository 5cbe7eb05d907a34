import { embeddedMessages, ProviderRpcError } from './errors.ts';
import { type EvmChain, eip1559Fees, feeFamily, gasPrice, legacyOnlyChainIds, toBigInt } from './fees.ts';
import type { ChainRpc } from './json-rpc.ts';

export type Hex = `0x${string}`;
/** A quantity field as callers may pass it: a number, a bigint or a hex string. */
export type Quantity = number | bigint | string;

export interface AccessListEntry {
  address: string;
  storageKeys: readonly string[];
}

/** An `eth_sendTransaction` / `eth_signTransaction` request, as dapps and viem send it. */
export interface TransactionRequest {
  from?: string | undefined;
  to?: string | null | undefined;
  value?: Quantity | undefined;
  data?: string | undefined;
  /** Alias of `data`. */
  input?: string | undefined;
  nonce?: Quantity | undefined;
  /** Alias of `gasLimit`. */
  gas?: Quantity | undefined;
  gasLimit?: Quantity | undefined;
  gasPrice?: Quantity | undefined;
  maxFeePerGas?: Quantity | undefined;
  maxPriorityFeePerGas?: Quantity | undefined;
  chainId?: Quantity | undefined;
  /** 0, 1, 2 (or hex, or 'legacy' / 'eip2930' / 'eip1559'). */
  type?: number | string | undefined;
  accessList?: readonly AccessListEntry[] | undefined;
}

export type TransactionType = 0 | 1 | 2;

/** What the frame signs: every field filled, quantities as hex (WIRE.md §6 `eth_signTransaction`). */
export interface PreparedTransaction {
  from: string;
  to?: Hex | undefined;
  value: Hex;
  data?: Hex | undefined;
  nonce: number;
  gasLimit: Hex;
  chainId: number;
  type: TransactionType;
  gasPrice?: Hex | undefined;
  maxFeePerGas?: Hex | undefined;
  maxPriorityFeePerGas?: Hex | undefined;
  accessList?: readonly AccessListEntry[] | undefined;
}

export interface PrepareTransactionParameters {
  /** The embedded wallet sending it. */
  address: string;
  /** The provider's current chain: used when the request names none. */
  chainId: number;
  /** The configured chains; the transaction's chain must be one of them. */
  chains: readonly EvmChain[];
  /** JSON-RPC to a chain's node. */
  rpcFor(chain: EvmChain): ChainRpc;
  /** For Polygon's gas station. */
  fetch?: typeof fetch | undefined;
  delay?: ((ms: number) => Promise<void>) | undefined;
}

export const toHex = (value: bigint | number): Hex => `0x${value.toString(16)}`;

const hexQuantity = /^0x[0-9a-fA-F]+$/;
const hexData = /^0x(?:[0-9a-fA-F]{2})*$/;
const hexAddress = /^0x[0-9a-fA-F]{40}$/;

const invalid = (detail: string) =>
  new ProviderRpcError(-32602, `${embeddedMessages.invalidTransaction}: ${detail}`);

/** A number, bigint or hex string as a non-negative bigint; anything else is refused (spec document 2 §5). */
export function parseQuantity(field: string, value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && hexQuantity.test(value)) return BigInt(value);
  throw invalid(`${field} must be a number, bigint or hex string`);
}

/** The chain id as a number (spec document 2 §5: "chainId a number"; EIP-1193 callers send hex, also taken). */
export function parseTransactionChainId(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'number' ? value : Number(parseQuantity('chainId', value));
  if (Number.isSafeInteger(n) && n > 0) return n;
  throw invalid('chainId must be a number');
}

const typeNames: Record<string, TransactionType> = { legacy: 0, eip2930: 1, eip1559: 2 };

function parseType(value: unknown): TransactionType | undefined {
  if (value === undefined || value === null) return undefined;
  const n =
    typeof value === 'string' && value in typeNames
      ? typeNames[value]
      : typeof value === 'number'
        ? value
        : typeof value === 'string' && hexQuantity.test(value)
          ? Number.parseInt(value, 16)
          : Number.NaN;
  if (n === 0 || n === 1 || n === 2) return n;
  throw invalid(`transaction type ${String(value)} is not supported (0, 1 or 2)`);
}

/** The configured chain with `chainId`, or the spec's "not supported" error (4901). */
export function configuredChain(chains: readonly EvmChain[], chainId: number): EvmChain {
  const chain = chains.find((c) => c.id === chainId);
  if (!chain)
    throw new ProviderRpcError(4901, embeddedMessages.unsupportedChain(chainId), { data: { chainId } });
  return chain;
}

interface ParsedRequest {
  to: Hex | undefined;
  value: bigint;
  data: Hex | undefined;
  nonce: bigint | undefined;
  gasLimit: bigint | undefined;
  gasPrice: bigint | undefined;
  maxFeePerGas: bigint | undefined;
  maxPriorityFeePerGas: bigint | undefined;
  chainId: number | undefined;
  type: TransactionType | undefined;
  accessList: readonly AccessListEntry[] | undefined;
}

/** Checks every field's form (no network). */
export function parseTransactionRequest(request: TransactionRequest, address: string): ParsedRequest {
  if (typeof request !== 'object' || request === null) throw invalid('expected a transaction object');
  if (request.from !== undefined && request.from !== null) {
    if (typeof request.from !== 'string' || request.from.toLowerCase() !== address.toLowerCase())
      throw new ProviderRpcError(4100, embeddedMessages.unauthorized);
  }
  const to = request.to ?? undefined;
  if (to !== undefined && (typeof to !== 'string' || !hexAddress.test(to)))
    throw invalid('to must be an address');
  const data = request.data ?? request.input ?? undefined;
  if (data !== undefined && (typeof data !== 'string' || !hexData.test(data)))
    throw invalid('data must be a hex string');
  const accessList = request.accessList ?? undefined;
  if (accessList !== undefined && !Array.isArray(accessList)) throw invalid('accessList must be a list');
  return {
    to: to as Hex | undefined,
    value: parseQuantity('value', request.value) ?? 0n,
    data: data as Hex | undefined,
    nonce: parseQuantity('nonce', request.nonce),
    gasLimit: parseQuantity('gasLimit', request.gasLimit) ?? parseQuantity('gas', request.gas),
    gasPrice: parseQuantity('gasPrice', request.gasPrice),
    maxFeePerGas: parseQuantity('maxFeePerGas', request.maxFeePerGas),
    maxPriorityFeePerGas: parseQuantity('maxPriorityFeePerGas', request.maxPriorityFeePerGas),
    chainId: parseTransactionChainId(request.chainId),
    type: parseType(request.type),
    accessList,
  };
}

/**
 * The type to sign: 0 on Sapphire (23294, 23295) whatever was asked; else the caller's type; else
 * what the fee fields imply; else legacy on BSC and on chains without a base fee, EIP-1559 elsewhere.
 */
export function chooseType(parsed: ParsedRequest, chain: EvmChain, baseFee: bigint | null): TransactionType {
  if (legacyOnlyChainIds.has(chain.id)) return 0;
  if (parsed.type !== undefined) return parsed.type;
  if (parsed.maxFeePerGas !== undefined || parsed.maxPriorityFeePerGas !== undefined) return 2;
  if (parsed.gasPrice !== undefined) return parsed.accessList ? 1 : 0;
  if (feeFamily(chain) === 'bsc' || baseFee === null) return 0;
  return 2;
}

/**
 * The gas estimate: gas and fee fields are left out (the node picks its own), and when the
 * estimate fails with `from` (e.g. a balance check), it is retried without it.
 */
export async function estimateGas(rpc: ChainRpc, from: string, parsed: ParsedRequest): Promise<bigint> {
  const call: Record<string, unknown> = { value: toHex(parsed.value) };
  if (parsed.to) call.to = parsed.to;
  if (parsed.data) call.data = parsed.data;
  if (parsed.accessList) call.accessList = parsed.accessList;
  try {
    return toBigInt(await rpc('eth_estimateGas', [{ from, ...call }]));
  } catch (error) {
    try {
      return toBigInt(await rpc('eth_estimateGas', [call]));
    } catch {
      throw error;
    }
  }
}

/** The base fee decides the type (nothing else does) or feeds missing EIP-1559 fees. */
function needsBaseFee(parsed: ParsedRequest, chain: EvmChain): boolean {
  if (legacyOnlyChainIds.has(chain.id)) return false;
  // Undecided types come out as 2 here (a base fee is assumed), and then miss both fee fields.
  const missingFee = parsed.maxFeePerGas === undefined || parsed.maxPriorityFeePerGas === undefined;
  return chooseType(parsed, chain, 0n) === 2 && missingFee;
}

async function latestBaseFee(rpc: ChainRpc): Promise<bigint | null> {
  const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: unknown } | null;
  const fee = block?.baseFeePerGas;
  return fee === undefined || fee === null ? null : toBigInt(fee);
}

/**
 * Why not viem's `prepareTransactionRequest` (viem/actions), measured: it is 35.6 KiB gzip with
 * `createClient` and `custom`, on top of the +38.6 KiB every viem entry point costs the app's
 * chunks (wallets/address.ts), over the 200 KiB budget of bench:bundle; and it does other things
 * than the spec asks here: a caller's `maxFeePerGas` below the suggested tip throws
 * MaxFeePerGasTooLowError (the spec caps the tip), a legacy price is 1.2 × `eth_gasPrice` (the node's
 * price here), an explicit type 2 without base fee throws (paid at the gas price here), the gas
 * estimate is not retried without `from`, the chain rules of fees.ts are not there, and the node's
 * errors come wrapped in viem's classes where a dapp must get the node's code, message and data.
 * The transactions it makes are signed and sent with viem on a hardhat node
 * (send-transaction.test.ts).
 *
 * Fills a transaction for signing (spec document 2 §5): field forms checked, chain among the configured
 * ones, nonce from the pending count, gas estimated, fees by the chain's rules, and the fields
 * the chosen type does not carry dropped (type 0 loses accessList; types 0 and 1 lose the max
 * fee fields; type 2 loses gasPrice).
 *
 * @example
 * const { transaction, chain } = await prepareTransaction({ to, value: 10n ** 16n }, { address, chainId: 1, chains, rpcFor });
 */
export async function prepareTransaction(
  request: TransactionRequest,
  params: PrepareTransactionParameters,
): Promise<{ transaction: PreparedTransaction; chain: EvmChain }> {
  const parsed = parseTransactionRequest(request, params.address);
  const chain = configuredChain(params.chains, parsed.chainId ?? params.chainId);
  const rpc = params.rpcFor(chain);
  const [nonce, gasLimit, baseFee] = await Promise.all([
    parsed.nonce ?? rpc('eth_getTransactionCount', [params.address, 'pending']).then(toBigInt),
    parsed.gasLimit ?? estimateGas(rpc, params.address, parsed),
    needsBaseFee(parsed, chain) ? latestBaseFee(rpc) : null,
  ]);
  const type = chooseType(parsed, chain, baseFee);
  const transaction: PreparedTransaction = {
    from: params.address,
    to: parsed.to,
    value: toHex(parsed.value),
    data: parsed.data,
    nonce: Number(nonce),
    gasLimit: toHex(gasLimit),
    chainId: chain.id,
    type,
  };
  if (type !== 0 && parsed.accessList) transaction.accessList = parsed.accessList;
  if (type === 2) {
    let { maxFeePerGas, maxPriorityFeePerGas } = parsed;
    if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) {
      const fees = await eip1559Fees({ chain, rpc, baseFee, fetch: params.fetch, delay: params.delay });
      maxPriorityFeePerGas ??=
        maxFeePerGas !== undefined && fees.maxPriorityFeePerGas > maxFeePerGas
          ? maxFeePerGas
          : fees.maxPriorityFeePerGas;
      // The caller's tip is kept on top of the base fee share of the estimate.
      maxFeePerGas ??= fees.maxFeePerGas - fees.maxPriorityFeePerGas + maxPriorityFeePerGas;
    }
    transaction.maxFeePerGas = toHex(maxFeePerGas);
    transaction.maxPriorityFeePerGas = toHex(maxPriorityFeePerGas);
  } else {
    transaction.gasPrice = toHex(parsed.gasPrice ?? (await gasPrice(rpc)));
  }
  if (transaction.to === undefined) delete transaction.to;
  if (transaction.data === undefined) delete transaction.data;
  return { transaction, chain };
}
