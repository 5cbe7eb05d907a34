/**
 * Gas and fees by the chain's rules (spec document 2 §9 "Gas"): shared by the client, which prepares
 * an embedded wallet's transactions (core `prepareTransaction`), and the server, which prepares a
 * server wallet's `eth_sendTransaction` (server-wallets/transactions). Pure: the node is reached
 * through the caller's `ChainRpc`, Polygon's gas station through its `fetch`.
 */

/** One JSON-RPC call to a chain node: the result, or a thrown error carrying the node's. */
export type ChainRpc = (method: string, params?: readonly unknown[]) => Promise<unknown>;

/** What the fee rules need of a chain: its id; `contracts.gasPriceOracle` marks viem's OP-stack chains. */
export interface EvmFeeChain {
  id: number;
  contracts?: Record<string, unknown> | undefined;
}

/** How a chain prices gas (spec document 2 §9 "Gas"). */
export type FeeFamily = 'arbitrum' | 'op-stack' | 'bsc' | 'polygon' | 'default';

const arbitrumChainIds = new Set([42161, 42170, 421613, 421614]);
const bscChainIds = new Set([56, 97]);
const polygonChainIds = new Set([137, 80001, 80002]);
/** OP-stack chains viem may not mark: OP, Base, Zora, Redstone, Mode, Fraxtal, Lisk, Ink, Unichain, World Chain, Soneium, and testnets. */
const opStackChainIds = new Set([
  10, 420, 11155420, 8453, 84531, 84532, 7777777, 999999999, 690, 17069, 34443, 919, 252, 2522, 1135, 4202,
  57073, 763373, 130, 1301, 480, 4801, 1868, 1946,
]);

/** Oasis Sapphire (mainnet, testnet): legacy transactions only, whatever was asked. */
export const legacyOnlyChainIds: ReadonlySet<number> = new Set([23294, 23295]);

/** Polygon's gas station (standard tier is used), by chain id. */
export const polygonGasStations: Readonly<Record<number, string>> = {
  137: 'https://gasstation.polygon.technology/v2',
  80002: 'https://gasstation.polygon.technology/amoy',
};

export function feeFamily(chain: EvmFeeChain): FeeFamily {
  if (arbitrumChainIds.has(chain.id)) return 'arbitrum';
  if (bscChainIds.has(chain.id)) return 'bsc';
  if (polygonChainIds.has(chain.id)) return 'polygon';
  if (opStackChainIds.has(chain.id) || chain.contracts?.gasPriceOracle !== undefined) return 'op-stack';
  return 'default';
}

/** Fees of an EIP-1559 (type 2) transaction, in wei. */
export interface Eip1559Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface FeeContext {
  chain: EvmFeeChain;
  rpc: ChainRpc;
  /** The latest block's base fee; null on chains without EIP-1559. */
  baseFee: bigint | null;
  fetch?: typeof fetch | undefined;
  delay?: ((ms: number) => Promise<void>) | undefined;
}

export const toBigInt = (value: unknown): bigint => {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' || (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)))
    return BigInt(value);
  throw new Error(`Not a quantity: ${String(value)}`);
};

/** `base * percent / 100`, rounded up so the fee still covers the base fee. */
const percentOf = (base: bigint, percent: bigint) => (base * percent + 99n) / 100n;

export async function gasPrice(rpc: ChainRpc): Promise<bigint> {
  return toBigInt(await rpc('eth_gasPrice'));
}

/** The node's tip suggestion; nodes without `eth_maxPriorityFeePerGas` get gas price minus base fee. */
async function priorityFee(rpc: ChainRpc, baseFee: bigint): Promise<bigint> {
  try {
    return toBigInt(await rpc('eth_maxPriorityFeePerGas'));
  } catch {
    const price = await gasPrice(rpc);
    return price > baseFee ? price - baseFee : 0n;
  }
}

const gwei = (value: unknown): bigint => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new Error('Bad gas station value');
  return BigInt(Math.ceil(value * 1e9));
};

/**
 * Polygon's gas station, standard tier. The fetch is tried 4 times (3 retries, 500 ms apart);
 * null when it never answers, and the caller falls back to the node's own estimate.
 */
export async function polygonStationFees(
  url: string,
  fetchFn: typeof fetch = globalThis.fetch,
  delay: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<Eip1559Fees | null> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    if (attempt > 0) await delay(500);
    try {
      const response = await fetchFn(url);
      if (!response.ok) continue;
      const body = (await response.json()) as { standard?: { maxFee?: unknown; maxPriorityFee?: unknown } };
      return {
        maxFeePerGas: gwei(body.standard?.maxFee),
        maxPriorityFeePerGas: gwei(body.standard?.maxPriorityFee),
      };
    } catch {
      // retried below
    }
  }
  return null;
}

/**
 * Hand-written: viem's `estimateFeesPerGas` multiplies the base fee by `chain.fees.baseFeeMultiplier`
 * (1.2, rounded down) and has none of these per-chain rules nor a gas station, and importing it costs
 * the app's chunks +38.6 KiB (see core's embedded/prepare-transaction.ts).
 *
 * Type-2 fees by the chain's rules: Arbitrum 120% of the last base fee with no tip; OP stack
 * 126% of the base fee plus the tip; Polygon the gas station's standard tier; others (viem's
 * default) 120% of the base fee plus the node's suggested tip.
 */
export async function eip1559Fees(ctx: FeeContext): Promise<Eip1559Fees> {
  const family = feeFamily(ctx.chain);
  if (ctx.baseFee === null) {
    // An explicit type 2 on a chain without base fee: pay the gas price as both.
    const price = await gasPrice(ctx.rpc);
    return { maxFeePerGas: price, maxPriorityFeePerGas: price };
  }
  const baseFee = ctx.baseFee;
  if (family === 'arbitrum') return { maxFeePerGas: percentOf(baseFee, 120n), maxPriorityFeePerGas: 0n };
  if (family === 'polygon') {
    const url = polygonGasStations[ctx.chain.id];
    const station = url ? await polygonStationFees(url, ctx.fetch, ctx.delay) : null;
    if (station) return station;
  }
  const tip = await priorityFee(ctx.rpc, baseFee);
  const percent = family === 'op-stack' ? 126n : 120n;
  return { maxFeePerGas: percentOf(baseFee, percent) + tip, maxPriorityFeePerGas: tip };
}
