import type { RecoveryMethod } from './recovery-methods.ts';

/**
 * Wallet enums the server, the SDKs and the wallet frame all speak (WIRE.md §3.3, §4.2, §6), each
 * listed once. The `as const` lists are for validation (the server's zod enums, the frame's checks);
 * the types are what everyone else imports.
 */

/** The chains a wallet can be on (`chain_type` on the wire). */
export const chainTypes = ['ethereum', 'solana'] as const;
export type ChainType = (typeof chainTypes)[number];

export const isChainType = (value: unknown): value is ChainType =>
  (chainTypes as readonly unknown[]).includes(value);

/**
 * How an entropy (an HD seed, named by its first wallet's address) says which chain that address
 * is on: `entropyIdVerifier` in frame events, `entropy_id_verifier` in the frame API.
 */
export const entropyIdVerifiers = {
  ethereum: 'ethereum-address-verifier',
  solana: 'solana-address-verifier',
} as const satisfies Record<ChainType, string>;
export type EntropyIdVerifier = (typeof entropyIdVerifiers)[ChainType];

/**
 * The recovery methods the wallet frame (and its API, `recovery_method`) can set a wallet up with:
 * two of the spec's seven (`RecoveryMethod`, recovery-methods.ts). The server keeps the key
 * (`privy`), or a password derives it (`user-passcode`); the cloud methods need OAuth recovery,
 * which this version does not have.
 */
export const frameRecoveryMethods = ['privy', 'user-passcode'] as const satisfies readonly RecoveryMethod[];
export type FrameRecoveryMethod = Extract<RecoveryMethod, (typeof frameRecoveryMethods)[number]>;

/** `wallet_client_type` and `connector_type` of an embedded wallet's linked account (WIRE.md §4.2). */
export const embeddedWalletClientType = 'privy';
export const embeddedConnectorType = 'embedded';

/** `connector_type` of the external wallets the SDK connects: EIP-1193 injected, or Wallet Standard. */
export const externalConnectorTypes = ['injected', 'solana_adapter'] as const;
export type ExternalConnectorType = (typeof externalConnectorTypes)[number];

/** `smart_wallet_type` values (WIRE.md §4.2). */
export const smartWalletTypes = [
  'safe',
  'kernel',
  'light_account',
  'biconomy',
  'coinbase_smart_wallet',
  'thirdweb',
  'nexus',
] as const;
export type SmartWalletType = (typeof smartWalletTypes)[number];

/** What a SIWS signature is over (WIRE.md §3.3); `plain` by default. */
export const siwsMessageTypes = ['plain', 'transaction', 'offchain-message'] as const;
export type SiwsMessageType = (typeof siwsMessageTypes)[number];
