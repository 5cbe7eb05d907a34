import {
  encryptShare,
  generateEntropy,
  randomRecoveryKey,
  seedFromEntropyAsync,
  splitEntropy,
  walletAddressAt,
} from '@latchkey/keys';
import type { Kysely } from 'kysely';
import {
  assertIndexRules,
  type EmbeddedWallet,
  embeddedWalletIdentity,
  embeddedWalletsOf,
  parseWalletAddress,
} from '../accounts/embedded-accounts.ts';
import { insertAccount } from '../accounts/insert-account.ts';
import { loadUser } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';
import type { WalletChainType } from '../wallets/addresses.ts';
import { insertEntropy, userEntropy } from './entropy-store.ts';
import { recordWalletCreated } from './wallet-events.ts';

/** Spec document 2 §9: a user has 1 to 10 wallets. */
export const maxWalletsPerUser = 10;

/**
 * What to pregenerate: the primary (index-0) wallet of each chain asked for, and with
 * `ethereumWallets` / `solanaWallets` that many wallets of the chain in all (indexes 0 … n-1;
 * default 1 when the chain is asked for).
 */
export interface WantedWallets {
  ethereum: boolean;
  solana: boolean;
  ethereumWallets?: number;
  solanaWallets?: number;
}

const chains: WalletChainType[] = ['ethereum', 'solana'];

function countOf(chainType: WalletChainType, asked: boolean, count: number | undefined): number {
  if (!asked) return 0;
  const n = count ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > maxWalletsPerUser)
    throw new ApiError('invalid_data', `Invalid number of ${chainType} wallets: 1 to ${maxWalletsPerUser}`);
  return n;
}

/** The wallets to create, in index order: Ethereum first (it names the entropy when both are made). */
function plannedWallets(wanted: WantedWallets): { chainType: WalletChainType; walletIndex: number }[] {
  const counts = {
    ethereum: countOf('ethereum', wanted.ethereum, wanted.ethereumWallets),
    solana: countOf('solana', wanted.solana, wanted.solanaWallets),
  };
  return chains.flatMap((chainType) =>
    Array.from({ length: counts[chainType] }, (_, walletIndex) => ({ chainType, walletIndex })),
  );
}

/** What `pregenerateWallets` refuses before it makes any key: an existing chain, the limit. */
function assertCanPregenerate(
  existing: EmbeddedWallet[],
  planned: { chainType: WalletChainType }[],
  hasEntropy: boolean,
): void {
  const hd = existing.filter((w) => !w.imported);
  for (const chainType of chains) {
    if (!planned.some((w) => w.chainType === chainType)) continue;
    if (hd.some((w) => w.chainType === chainType))
      throw new ApiError('resource_already_exists', `The user already has an embedded ${chainType} wallet.`);
  }
  // The user's HD entropy was made by their wallet frame: the server never holds it, so it cannot
  // derive another chain's wallet from it. The frame can (it adds the other chain on the user's device).
  if (hasEntropy)
    throw new ApiError(
      'not_supported',
      "The user's embedded wallet was created on their device: wallets of another chain are added from their wallet frame, not pregenerated.",
    );
  if (existing.length + planned.length > maxWalletsPerUser)
    throw new ApiError('invalid_data', `A user has at most ${maxWalletsPerUser} embedded wallets.`);
}

/**
 * Creates a user's primary embedded wallet(s) server-side, inside the caller's transaction `trx`
 * (a user import, or `POST /apps/:app_id/users/wallet`), in the very storage shape the wallet frame's
 * `/frame/create` produces, so that the user's frame claims it at first login through the normal
 * paths: it has no device share, enrolls its device key, recovers with the auth share and the
 * `privy` recovery share (released only under that device's proof), re-splits, and keeps its own
 * device share (docs/security.md, "Pregenerated wallets").
 *
 * The deviation from the custody model, on purpose: the entropy exists whole in this function's
 * memory (never stored, logged or sent) from its generation until the split, and the third share,
 * the device share, has no device to go to yet, so it is wiped unused. Every buffer that held key
 * material (entropy, seed, shares, recovery key) is zeroed before returning, whatever the outcome.
 * The derivation, split and recovery-share encryption are the frame's own (`@latchkey/keys`, the key
 * library both use), so the frame rebuilds exactly these addresses.
 *
 * Refuses an unknown user (`user_does_not_exist`), a chain the user has a wallet of already
 * (`resource_already_exists`), any chain once the user has an HD entropy (`not_supported`: the
 * server cannot derive from a seed it never held), and more than 10 embedded wallets. Asking for
 * nothing does nothing. A concurrent create of the user's entropy makes the entropy insert fail
 * with a unique violation, which reaches the caller (its transaction is then aborted).
 */
export async function pregenerateWallets(
  ctx: ServerContext,
  trx: Kysely<Database>,
  app: AppRecord,
  userId: string,
  wanted: WantedWallets,
): Promise<void> {
  const planned = plannedWallets(wanted);
  if (planned.length === 0) return;
  const user = await loadUser(trx, app.id, userId);
  if (!user) throw new ApiError('user_does_not_exist');
  const existing = embeddedWalletsOf(user.accounts);
  assertCanPregenerate(existing, planned, (await userEntropy(trx, app.id, userId)) !== undefined);

  const entropy = generateEntropy();
  let seed: Uint8Array | null = null;
  let shares: Awaited<ReturnType<typeof splitEntropy>> | null = null;
  const recoveryKey = randomRecoveryKey();
  try {
    seed = await seedFromEntropyAsync(entropy);
    const primarySeed = seed;
    const wallets: EmbeddedWallet[] = planned.map((w) => ({
      ...w,
      address: parseWalletAddress(w.chainType, walletAddressAt(primarySeed, w.chainType, w.walletIndex)),
    }));
    assertIndexRules(existing, wallets);
    shares = await splitEntropy(entropy);
    // The `privy` method exactly as the frame seals it (recovery.ts `sealRecoveryShare`): AES-256-GCM
    // under a random key, which the server keeps sealed by the key store beside the encrypted share.
    const encryptedRecoveryShare = await encryptShare(shares.recoveryShare, recoveryKey);
    const first = wallets[0]!;
    const now = ctx.now();
    await insertEntropy(
      trx,
      ctx,
      {
        appId: app.id,
        userId,
        entropyId: first.address.identifier,
        verifier: first.chainType === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
        authShare: shares.authShare,
        material: {
          method: 'privy',
          encryptedRecoveryShare,
          recoveryKey,
          salt: null,
          passwordVerifier: null,
        },
      },
      now,
    );
    for (const wallet of wallets)
      await insertAccount(trx, app.id, userId, embeddedWalletIdentity(wallet, 'privy'), now);
    await recordWalletCreated(trx, (await loadUser(trx, app.id, userId))!, wallets, now);
  } finally {
    entropy.fill(0);
    recoveryKey.fill(0);
    seed?.fill(0);
    if (shares) {
      // The device share goes nowhere: the user's first device recovers and makes its own.
      shares.deviceShare.fill(0);
      shares.authShare.fill(0);
      shares.recoveryShare.fill(0);
    }
  }
}
