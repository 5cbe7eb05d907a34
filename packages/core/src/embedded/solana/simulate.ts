import { LatchkeyClientError } from '../../errors.ts';
import { solanaSimulationHasFunds } from './funds.ts';
import { type SolanaRpcClient, toBase64 } from './rpc.ts';

export interface SolanaSimulation {
  /** The transaction error in the RPC's JSON form (`"BlockhashNotFound"`, `{InstructionError: …}`), or null. */
  err: unknown;
  logs: string[];
  hasError: boolean;
  /** False when the simulation shows the wallet cannot pay (see `solanaSimulationHasFunds`). */
  hasFunds: boolean;
}

interface SimulateResult {
  value: { err: unknown; logs: string[] | null };
}

/**
 * Simulates a transaction without checking signatures, so it works before the wallet signs. A
 * blockhash the node no longer knows is swapped for a current one and the simulation retried;
 * if even that fails the error is the spec's 'Simulation failed: Blockhash not found'.
 *
 * @example
 * const { hasFunds, logs } = await simulateSolanaTransaction(rpc, wireBytes);
 */
export async function simulateSolanaTransaction(
  rpc: SolanaRpcClient,
  wire: Uint8Array,
  replaceRecentBlockhash = false,
): Promise<SolanaSimulation> {
  const { value } = await rpc.request<SimulateResult>('simulateTransaction', [
    toBase64(wire),
    { encoding: 'base64', commitment: 'confirmed', sigVerify: false, replaceRecentBlockhash },
  ]);
  if (value.err === 'BlockhashNotFound') {
    if (replaceRecentBlockhash)
      throw new LatchkeyClientError('transaction_failure', 'Simulation failed: Blockhash not found');
    return simulateSolanaTransaction(rpc, wire, true);
  }
  const logs = value.logs ?? [];
  return {
    err: value.err ?? null,
    logs,
    hasError: value.err !== null && value.err !== undefined,
    hasFunds: solanaSimulationHasFunds({ err: value.err, logs }),
  };
}
