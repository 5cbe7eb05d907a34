/**
 * The chains the demo offers wallets (viem's Chain shape, written out so the demo does not bundle
 * viem). 31337 is a local development chain no wallet knows by default: switching to it makes the
 * SDK add it first (wallet_addEthereumChain after 4902).
 */
export const localChainId = 31337;

export const demoChains = [
  {
    id: 1,
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
  },
  {
    id: 8453,
    name: 'Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  },
  {
    id: localChainId,
    name: 'Latchkey Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  },
];

/**
 * The provider's chains: with a local chain's RPC (`npm start` passes its Hardhat node) that chain
 * is the default, so the embedded wallet starts where the demo sends; mainnets stay available.
 */
export function demoChainConfig(evmRpcUrl: string | undefined) {
  const supportedChains = demoChains.map((chain) =>
    chain.id === localChainId && evmRpcUrl
      ? { ...chain, rpcUrls: { default: { http: [evmRpcUrl] } } }
      : chain,
  );
  const local = supportedChains.find((chain) => chain.id === localChainId)!;
  return { supportedChains, ...(evmRpcUrl ? { defaultChain: local } : {}) };
}
