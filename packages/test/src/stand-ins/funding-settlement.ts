import type { EvmNode } from '../chains/evm-node.ts';
import type { SolanaRpc } from '../chains/solana-rpc.ts';

/** The local chains a stand-in provider pays out on: a purchase really moves coins. */
export interface SettlementChains {
  evm?: EvmNode;
  solana?: SolanaRpc;
}

/**
 * Sends `amount` (decimal text, in whole coins) of the chain's native coin to `address`: ETH from
 * the Hardhat node's first unlocked account, SOL from the Solana shim's faucet. Returns the
 * transaction hash (signature on Solana).
 */
export async function settleOnChain(
  chains: SettlementChains,
  address: string,
  amount: string,
): Promise<string> {
  if (!/^\d+(\.\d+)?$/.test(amount)) throw new Error(`Bad amount ${amount}`);
  if (address.startsWith('0x')) {
    if (!chains.evm) throw new Error('This stand-in was started without an EVM node');
    const [funder] = (await chains.evm.rpc('eth_accounts')) as string[];
    const wei = toUnits(amount, 18);
    return (await chains.evm.rpc('eth_sendTransaction', [
      { from: funder, to: address, value: `0x${wei.toString(16)}` },
    ])) as string;
  }
  if (!chains.solana) throw new Error('This stand-in was started without a Solana RPC');
  return chains.solana.airdrop(address, toUnits(amount, 9));
}

/** `1.5` with 18 decimals → 1500000000000000000n. */
export function toUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return (
    BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.slice(0, decimals).padEnd(decimals, '0') || '0')
  );
}
