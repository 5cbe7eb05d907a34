import {
  type ChainRpc,
  type EvmFeeChain,
  eip1559Fees,
  feeFamily,
  gasPrice,
  legacyOnlyChainIds,
  toBigInt,
} from './evm-fees.ts';

/**
 * Filling a transaction's type, gas limit and fees (spec document 2 §5, §9 "Gas"), once its fields
 * are parsed: shared by the client's `prepareTransaction` (an embedded wallet's send) and the
 * server's `eth_sendTransaction` (a server wallet's), each of which parses its own wire form and
 * finds the nonce its own way.
 */

export type EvmTransactionType = 0 | 1 | 2;

export interface EvmAccessListEntry {
  address: string;
  storageKeys: readonly string[];
}

/** A transaction request's fields, parsed (forms checked, quantities as bigints); undefined: not given. */
export interface EvmTransactionFields {
  to: `0x${string}` | undefined;
  value: bigint;
  data: `0x${string}` | undefined;
  nonce: bigint | undefined;
  gasLimit: bigint | undefined;
  gasPrice: bigint | undefined;
  maxFeePerGas: bigint | undefined;
  maxPriorityFeePerGas: bigint | undefined;
  chainId: number | undefined;
  type: EvmTransactionType | undefined;
  accessList: readonly EvmAccessListEntry[] | undefined;
}

/**
 * The type to sign: 0 on Sapphire (23294, 23295) whatever was asked; else the caller's type; else
 * what the fee fields imply; else legacy on BSC and on chains without a base fee, EIP-1559 elsewhere.
 */
export function chooseTransactionType(
  parsed: EvmTransactionFields,
  chain: EvmFeeChain,
  baseFee: bigint | null,
): EvmTransactionType {
  if (legacyOnlyChainIds.has(chain.id)) return 0;
  if (parsed.type !== undefined) return parsed.type;
  if (parsed.maxFeePerGas !== undefined || parsed.maxPriorityFeePerGas !== undefined) return 2;
  if (parsed.gasPrice !== undefined) return parsed.accessList ? 1 : 0;
  if (feeFamily(chain) === 'bsc' || baseFee === null) return 0;
  return 2;
}

const hex = (value: bigint) => `0x${value.toString(16)}`;

/**
 * The gas estimate: gas and fee fields are left out (the node picks its own), and when the
 * estimate fails with `from` (e.g. a balance check), it is retried without it.
 */
export async function estimateGas(
  rpc: ChainRpc,
  from: string,
  parsed: EvmTransactionFields,
): Promise<bigint> {
  const call: Record<string, unknown> = { value: hex(parsed.value) };
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
function needsBaseFee(parsed: EvmTransactionFields, chain: EvmFeeChain): boolean {
  if (legacyOnlyChainIds.has(chain.id)) return false;
  // Undecided types come out as 2 here (a base fee is assumed), and then miss both fee fields.
  const missingFee = parsed.maxFeePerGas === undefined || parsed.maxPriorityFeePerGas === undefined;
  return chooseTransactionType(parsed, chain, 0n) === 2 && missingFee;
}

async function latestBaseFee(rpc: ChainRpc): Promise<bigint | null> {
  const block = (await rpc('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: unknown } | null;
  const fee = block?.baseFeePerGas;
  return fee === undefined || fee === null ? null : toBigInt(fee);
}

/** The type, gas limit and fees a transaction is signed with; only the chosen type's fee fields are set. */
export interface EvmGasAndFees {
  type: EvmTransactionType;
  gasLimit: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

export interface FillGasParameters {
  /** The sending address (the gas estimate's `from`). */
  from: string;
  chain: EvmFeeChain;
  rpc: ChainRpc;
  /** For Polygon's gas station. */
  fetch?: typeof fetch | undefined;
  delay?: ((ms: number) => Promise<void>) | undefined;
}

/**
 * Fills what the caller left out: the gas limit (estimated), the type (by `chooseTransactionType`)
 * and the fees by the chain's rules (evm-fees.ts). A caller's `maxFeePerGas` below the suggested tip
 * caps the tip; a caller's tip is kept on top of the base fee share of the estimate.
 */
export async function fillGasAndFees(
  parsed: EvmTransactionFields,
  params: FillGasParameters,
): Promise<EvmGasAndFees> {
  const { chain, rpc } = params;
  const [gasLimit, baseFee] = await Promise.all([
    parsed.gasLimit ?? estimateGas(rpc, params.from, parsed),
    needsBaseFee(parsed, chain) ? latestBaseFee(rpc) : null,
  ]);
  const type = chooseTransactionType(parsed, chain, baseFee);
  if (type !== 2) return { type, gasLimit, gasPrice: parsed.gasPrice ?? (await gasPrice(rpc)) };
  let { maxFeePerGas, maxPriorityFeePerGas } = parsed;
  if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) {
    const fees = await eip1559Fees({ chain, rpc, baseFee, fetch: params.fetch, delay: params.delay });
    maxPriorityFeePerGas ??=
      maxFeePerGas !== undefined && fees.maxPriorityFeePerGas > maxFeePerGas
        ? maxFeePerGas
        : fees.maxPriorityFeePerGas;
    maxFeePerGas ??= fees.maxFeePerGas - fees.maxPriorityFeePerGas + maxPriorityFeePerGas;
  }
  return { type, gasLimit, maxFeePerGas, maxPriorityFeePerGas };
}
