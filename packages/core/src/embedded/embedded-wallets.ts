import { type FarcasterSigner, frameEvents } from '@latchkey/protocol';
import {
  type EmbeddedChainType,
  type EmbeddedEntropy,
  type EmbeddedWalletAccount,
  embeddedEntropy,
  embeddedWallets,
  type SupportedRecoveryMethod,
} from './accounts.ts';
import { checkPassword } from './actions/checkPassword.ts';
import { connectWallet } from './actions/connectWallet.ts';
import { type CreateEmbeddedWalletsParameters, createEmbeddedWalletsContext } from './actions/context.ts';
import { createAdditionalWallet } from './actions/createAdditionalWallet.ts';
import { createEthereumWallet } from './actions/createEthereumWallet.ts';
import { createSolanaWallet } from './actions/createSolanaWallet.ts';
import { type DelegateWalletsRequest, delegateWallets, signWithUserSigner } from './actions/delegation.ts';
import { enrollDevice } from './actions/enrollDevice.ts';
import { initFarcasterSigner, signFarcasterHash } from './actions/farcasterSigner.ts';
import { getEthereumProvider } from './actions/getEthereumProvider.ts';
import { type ImportEmbeddedWalletOptions, importWallet } from './actions/importWallet.ts';
import { type EmbeddedMfa, embeddedMfa } from './actions/mfa.ts';
import { recoverWallet } from './actions/recoverWallet.ts';
import type { CreateEmbeddedWalletOptions } from './actions/recoveryChoice.ts';
import { assertCanSetRecovery, setRecovery } from './actions/setRecovery.ts';
import { signSolanaMessage } from './actions/signSolanaMessage.ts';
import { walletRpc } from './actions/walletRpc.ts';
import type { ConfirmHook, EmbeddedEthereumProvider } from './ethereum-provider.ts';

// The parameters live beside the actions that read them; the API's users find them here too.
export type { CreateEmbeddedWalletsParameters, EmbeddedSession } from './actions/context.ts';
export type { DelegateWalletsRequest } from './actions/delegation.ts';
export type { ImportEmbeddedWalletOptions } from './actions/importWallet.ts';
export type { CreateEmbeddedWalletOptions } from './actions/recoveryChoice.ts';

export interface EmbeddedWallets {
  /** The user's embedded wallets, Ethereum first, by index. */
  list(): EmbeddedWalletAccount[];
  /** The user's entropy (its id and verifier), or null before their first embedded wallet. */
  entropy(): EmbeddedEntropy | null;
  /** Resolves once the wallet frame answered the ready handshake. */
  ready(): Promise<void>;
  /** The Ethereum wallet at index 0. */
  createEthereumWallet(options?: CreateEmbeddedWalletOptions): Promise<EmbeddedWalletAccount>;
  /** The Solana wallet at index 0, from the user's existing entropy when they have one. */
  createSolanaWallet(options?: CreateEmbeddedWalletOptions): Promise<EmbeddedWalletAccount>;
  /**
   * Another HD wallet on `chainType`: at `walletIndex` (a non-negative integer below 2^31), or by
   * default one past the highest. Needs the user's existing embedded wallet.
   */
  createAdditional(chainType: EmbeddedChainType, walletIndex?: number): Promise<EmbeddedWalletAccount>;
  /**
   * Loads the wallet on this device: the HD wallets, or with `address` that imported wallet.
   * Without a device share, `privy` recovery runs by itself; `user-passcode` rejects with type
   * `wallet_not_on_device` (ask for the password, then `recover` with the same `address`).
   */
  connect(options?: { address?: string | undefined }): Promise<{ entropyId: string }>;
  /**
   * Recovers the user's HD wallets on this device, or with `address` that imported wallet (each
   * imported key recovers on its own).
   */
  recover(options?: {
    password?: string | undefined;
    address?: string | undefined;
  }): Promise<{ entropyId: string }>;
  /**
   * Moves the user's HD wallets to `recoveryMethod` (or a new `password`). A wallet that has a password
   * now moves only with it (`currentPassword`): the frame refuses otherwise (`invalid_recovery_pin`).
   */
  setRecovery(options: {
    recoveryMethod: SupportedRecoveryMethod;
    password?: string | undefined;
    currentPassword?: string | undefined;
  }): Promise<{ entropyId: string; entropyIdVerifier: string; recoveryMethod: string }>;
  /**
   * Resolves when `password` is the current password of the user's HD wallets (or, with `address`, of
   * that imported wallet); rejects with `invalid_recovery_pin` when it is not. Wrong guesses count
   * against the server's budget of password attempts.
   */
  checkPassword(options: { password: string; address?: string | undefined }): Promise<void>;
  /**
   * Enrolls this device's frame key for the user, so its wallets can be used here later: the server
   * allows it only shortly after a login (docs/security.md). The client calls it after each login of
   * a user with embedded wallets; other frame calls enroll too, when needed.
   */
  enrollDevice(): Promise<void>;
  /**
   * Throws what `setRecovery` to `recoveryMethod` would throw before asking the frame (no wallet,
   * a change the rules or the app refuse), leaving out the password: a UI checks this before it
   * asks for one.
   */
  assertCanSetRecovery(recoveryMethod: SupportedRecoveryMethod): void;
  /**
   * Imports an existing private key as an on-device embedded wallet (`imported: true`, index 0 of
   * its own): the frame splits it like a created wallet's seed, and it signs through the same
   * providers. Its key cannot be exported again (only HD wallets export).
   */
  importWallet(options: ImportEmbeddedWalletOptions): Promise<EmbeddedWalletAccount>;
  /** `privy:wallets:rpc` on the wallet at `address`; resolves with `response.data`. */
  rpc(
    address: string,
    chainType: EmbeddedChainType,
    request: { method: string; params?: unknown },
  ): Promise<unknown>;
  /** The EIP-1193 provider of the embedded Ethereum wallet at `address` (one per address). */
  getEthereumProvider(address: string): EmbeddedEthereumProvider;
  /** Signs `message` with the embedded Solana wallet at `address` (ed25519, 64 bytes). */
  signSolanaMessage(address: string, message: Uint8Array): Promise<Uint8Array>;
  /**
   * Delegated actions (spec document 2 §4): the frame seals the keys of `delegatedWallets` (never the
   * seed) to the server, which then signs for them on the app's authorization. The root must be on
   * this device (`connect` first).
   */
  delegate(request: DelegateWalletsRequest): Promise<void>;
  /**
   * The user's authorization signature (base64 DER, WIRE.md §7.4) over `message`, base64 of the
   * canonical payload of a change of a wallet's `additional_signers` (the only request the frame signs).
   */
  signWithUserSigner(message: string): Promise<string>;
  /**
   * The Farcaster signer of the secret named by `address` (the entropy id; spec document 1 §3–§5):
   * its status after the server asked the Farcaster app to add it (`privy:farcaster:init-signer`).
   */
  initFarcasterSigner(address: string): Promise<FarcasterSigner>;
  /** That signer's signature (base64url) over a Farcaster message hash (base64url, 20 bytes). */
  signFarcasterHash(request: { address: string; hash: string; fid: number }): Promise<string>;
  /** Installs the confirmation hook every provider awaits before signing (null: none). */
  setConfirm(hook: ConfirmHook | null): void;
  /**
   * Multi-factor through the frame, which holds the MFA token: verifying, enrolling and removing
   * factors, forgetting the token, and unlinking a passkey that is a factor.
   */
  readonly mfa: EmbeddedMfa;
  /**
   * Has the frame wipe the wallet keys it keeps between operations (`privy:wallets:lock`): the next
   * operation rebuilds them after the server confirms the session. The client sends it on logout. A
   * frame not mounted, or not answering yet, holds nothing: resolves at once.
   */
  lock(): Promise<void>;
  /** Removes the frame; providers tell their listeners the accounts are gone. */
  destroy(): void;
}

/** A lock is a few microseconds of work in the frame: a logout does not wait long for its answer. */
const lockTimeoutMs = 2_000;

/**
 * The embedded-wallet API on top of the wallet frame and the session: creation (index 0 per
 * chain, then further HD indexes), connecting and recovering on this device, changing the
 * recovery method, signing, and EIP-1193 providers. After anything that adds or changes a
 * wallet, the session is refreshed so the user's linked accounts show it. Each operation is an
 * action in `actions/` over the API's context.
 *
 * @example
 * const wallets = createEmbeddedWallets({ session, proxy: () => createFrameProxy({ apiUrl, appId }) });
 * const wallet = await wallets.createEthereumWallet();
 * const provider = wallets.getEthereumProvider(wallet.address);
 */
export function createEmbeddedWallets(params: CreateEmbeddedWalletsParameters): EmbeddedWallets {
  const ctx = createEmbeddedWalletsContext(params);
  return {
    list: () => embeddedWallets(ctx.session.user),
    entropy: () => embeddedEntropy(ctx.session.user),
    ready: () => ctx.proxy().ready,
    createEthereumWallet: (options = {}) => createEthereumWallet(ctx, options),
    createSolanaWallet: (options = {}) => createSolanaWallet(ctx, options),
    createAdditional: (chainType, walletIndex) => createAdditionalWallet(ctx, chainType, walletIndex),
    connect: (options = {}) => connectWallet(ctx, options),
    recover: (options = {}) => recoverWallet(ctx, options),
    assertCanSetRecovery: (recoveryMethod) => assertCanSetRecovery(ctx, recoveryMethod),
    setRecovery: (options) => setRecovery(ctx, options),
    enrollDevice: () => enrollDevice(ctx),
    checkPassword: (options) => checkPassword(ctx, options),
    importWallet: (options) => importWallet(ctx, options),
    rpc: (address, chainType, request) => walletRpc(ctx, address, chainType, request),
    getEthereumProvider: (address) => getEthereumProvider(ctx, address),
    signSolanaMessage: (address, message) => signSolanaMessage(ctx, address, message),
    delegate: (request) => delegateWallets(ctx, request),
    signWithUserSigner: (message) => signWithUserSigner(ctx, message),
    initFarcasterSigner: (address) => initFarcasterSigner(ctx, address),
    signFarcasterHash: (request) => signFarcasterHash(ctx, request),
    setConfirm(hook) {
      ctx.confirm = hook;
    },
    mfa: embeddedMfa(ctx),
    async lock() {
      await ctx.readyProxy()?.request(frameEvents.walletsLock, {}, { timeoutMs: lockTimeoutMs });
    },
    destroy() {
      for (const provider of ctx.providers.values()) provider.disconnect();
      ctx.providers.clear();
      ctx.destroyFrame();
    },
  };
}
