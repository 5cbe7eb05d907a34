import type { EmbeddedChainType, EmbeddedWalletAccount, SupportedRecoveryMethod } from '../accounts.ts';
import { EmbeddedWalletError } from '../errors.ts';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { frameAuth } from './frameAuth.ts';
import { recoveryChoice, recoveryRules } from './recoveryChoice.ts';
import { walletAfterChange } from './walletAfterChange.ts';

export interface ImportEmbeddedWalletOptions {
  /**
   * Ethereum: 64 hex digits, with or without `0x`. Solana: base58 of the 64-byte keypair (as Phantom
   * exports it) or of its 32-byte seed. Sent to the wallet frame only; never to the server.
   */
  privateKey: string;
  /** Default 'ethereum'. */
  chainType?: EmbeddedChainType | undefined;
  /** As for a created wallet: default 'user-passcode' when a password is given, else 'privy'. */
  recoveryMethod?: SupportedRecoveryMethod | undefined;
  password?: string | undefined;
}

/**
 * Imports a private key as an on-device embedded wallet (`privy:wallets:import`, mode
 * `on-device`): the frame splits it like a created wallet's seed. The key goes to the frame only.
 */
export async function importWallet(
  ctx: EmbeddedWalletsContext,
  options: ImportEmbeddedWalletOptions,
): Promise<EmbeddedWalletAccount> {
  const { privateKey } = (options ?? {}) as Partial<ImportEmbeddedWalletOptions>;
  // The key itself never goes into a message: only what is wrong with it.
  if (typeof privateKey !== 'string' || privateKey.trim() === '')
    throw new EmbeddedWalletError('invalid_input', 'A private key is required to import a wallet');
  const chainType = options.chainType ?? 'ethereum';
  if (chainType !== 'ethereum' && chainType !== 'solana')
    throw new EmbeddedWalletError('invalid_input', `Unsupported chain type ${String(chainType)}`);
  const data = recoveryChoice(options, recoveryRules(ctx));
  const { address } = await frameCall(ctx, 'privy:wallets:import', {
    ...(await frameAuth(ctx)),
    privateKey,
    chainType,
    mode: 'on-device',
    ...data,
  });
  return walletAfterChange(ctx, address, chainType, 0, { recoveryMethod: data.recoveryMethod });
}
