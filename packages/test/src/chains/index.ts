/**
 * `@latchkey/test/chains`: local chains for tests whose transactions must land. EVM: a Hardhat node
 * and viem glue for it; Solana: a JSON-RPC shim over litesvm and @solana/kit transaction builders.
 */
export * from './erc20-token.ts';
export * from './evm-node.ts';
export * from './hardhat-signer.ts';
export * from './json-rpc.ts';
export * from './solana-rpc.ts';
export * from './solana-transactions.ts';
