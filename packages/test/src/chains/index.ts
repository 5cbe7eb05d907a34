/**
 * `@latchkey/test/chains`: local chains for tests whose transactions must land. EVM: a Hardhat node
 * and viem glue for it, and Farcaster's registries on a chain 10 node; Solana: a JSON-RPC shim over
 * litesvm and @solana/kit transaction builders.
 */
export * from './erc20-token.ts';
export * from './evm-node.ts';
export * from './farcaster-addresses.ts';
export * from './farcaster-chain.ts';
export * from './farcaster-contracts.generated.ts';
export * from './farcaster-signed-key-request.ts';
export * from './hardhat-signer.ts';
export * from './json-rpc.ts';
export * from './solana-rpc.ts';
export * from './solana-transactions.ts';
