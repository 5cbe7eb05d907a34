import { fundingChainIds } from '@latchkey/protocol';

/**
 * The chains funding knows by id (protocol's `fundingChainIds`, which the server's check of the app's
 * funding config reads too). The addresses are Circle's native USDC contracts, as the incumbent's
 * client lists them.
 */
export { fundingChainIds };

const ids = fundingChainIds;

/** USDC's contract per chain (mainnets and their testnets). */
export const usdcAddresses: Readonly<Record<number, `0x${string}`>> = {
  [ids.ethereum]: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  [ids.sepolia]: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  [ids.optimism]: '0x0b2c639c533813f4aa9d7837caf62653d097ff85',
  [ids.optimismSepolia]: '0x5fd84259d66Cd46123540766Be93DFE6D43130D7',
  [ids.polygon]: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359',
  [ids.polygonAmoy]: '0x41e94eb019c0762f9bfcf9fb1e58725bfb0e7582',
  [ids.base]: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  [ids.baseSepolia]: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  [ids.avalanche]: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
  [ids.avalancheFuji]: '0x5425890298aed601595a70ab815c96711a31bc65',
  [ids.arbitrum]: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  [ids.arbitrumSepolia]: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
};

/** The Solana clusters a funding request may name (spec document 2 §3); mainnet-beta by default. */
export type SolanaCluster = 'mainnet-beta' | 'devnet' | 'testnet';

/** USDC's mint per Solana cluster: none on testnet, so USDC funding there is refused (§5). */
export const solanaUsdcMints: Readonly<Record<SolanaCluster, string | null>> = {
  'mainnet-beta': 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  devnet: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
  testnet: null,
};

/**
 * USDC's contract on `chainId`, or null when unknown. `extra` adds the app's own (a local chain's
 * test token), so a development chain can fund with USDC too; it wins over the built-in table.
 */
export function knownUsdcAddress(
  chainId: number,
  extra: Readonly<Record<number, string>> = {},
): string | null {
  return extra[chainId] ?? usdcAddresses[chainId] ?? null;
}

/** Whether `address` is USDC's contract on `chainId` (case-insensitive: checksums differ in case only). */
export function isUsdcAddress(chainId: number, address: string): boolean {
  return usdcAddresses[chainId]?.toLowerCase() === address.toLowerCase();
}
