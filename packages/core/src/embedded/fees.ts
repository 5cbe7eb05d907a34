import type { WalletChain } from '../wallets/types.ts';

/**
 * The chain fee rules live in `@latchkey/protocol` (evm-fees.ts), shared with the server, which
 * prepares server wallets' sends by the same rules.
 */
export {
  type Eip1559Fees,
  eip1559Fees,
  type FeeContext,
  type FeeFamily,
  feeFamily,
  gasPrice,
  legacyOnlyChainIds,
  polygonGasStations,
  polygonStationFees,
  toBigInt,
} from '@latchkey/protocol';

/** A viem-style chain; `contracts.gasPriceOracle` marks viem's OP-stack chains. */
export interface EvmChain extends WalletChain {
  contracts?: Record<string, unknown> | undefined;
}
