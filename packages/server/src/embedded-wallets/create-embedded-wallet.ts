import {
  assertIndexRules,
  byIndex,
  type EmbeddedWallet,
  embeddedWalletsOf,
  parseWalletAddress,
} from '../accounts/embedded-accounts.ts';
import { loadUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { isUniqueViolation } from '../storage/db.ts';
import type { CreateBody } from './bodies.ts';
import { entropyKey, userEntropy } from './entropy-store.ts';
import { type KeyProof, verifyKeyProofs } from './key-proofs.ts';
import { recoveryMaterial } from './recovery-material.ts';
import { assertRecoveryMethodAllowed } from './recovery-rules.ts';
import { storeEntropyWallets } from './store-entropy-wallets.ts';

/**
 * One proof per created wallet, matched by address (in any case for Ethereum): a wallet without a
 * proof, or a proof for an address not created, is refused before any signature is checked.
 */
function proofsOfWallets(
  wallets: EmbeddedWallet[],
  proofs: { address: string; signature: string }[],
): KeyProof[] {
  if (proofs.length !== wallets.length)
    throw new ApiError('invalid_data', 'Invalid key_proofs: one per wallet is required');
  return wallets.map((wallet) => {
    const proof = proofs.find((p) => entropyKey(p.address) === wallet.address.identifier);
    if (!proof) throw new ApiError('invalid_data', `Invalid key_proofs: none for ${wallet.address.display}`);
    return { address: wallet.address, signature: proof.signature };
  });
}

const alreadyExists = () => new ApiError('invalid_data', 'Embedded wallet already exists');
const addressTaken = () => new ApiError('invalid_data', 'Wallet address is already linked to an account');

/**
 * `/frame/create`: stores a new entropy's auth share and recovery material and links its first
 * wallets. One entropy per user. The entropy id is the address of its first wallet: index 0 of
 * the chain its verifier names.
 */
export async function createEmbeddedWallet(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  body: CreateBody,
): Promise<UserRecord> {
  const user = await loadUser(ctx.db, app.id, userId);
  if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.', { status: 401 });
  if (await userEntropy(ctx.db, app.id, userId)) throw alreadyExists();

  const wallets: EmbeddedWallet[] = body.wallets
    .map((w) => {
      const address = parseWalletAddress(w.chain_type, w.address);
      if (w.chain_type === 'solana' && w.public_key != null && w.public_key !== address.display)
        throw new ApiError('invalid_data', 'Invalid public_key: a Solana public key is its address');
      return { chainType: w.chain_type, walletIndex: w.wallet_index, address };
    })
    .sort(byIndex);
  assertIndexRules(embeddedWalletsOf(user.accounts), wallets);
  const verifierChain = body.entropy_id_verifier === 'ethereum-address-verifier' ? 'ethereum' : 'solana';
  const first = wallets.find((w) => w.chainType === verifierChain && w.walletIndex === 0);
  if (!first || first.address.identifier !== entropyKey(body.entropy_id))
    throw new ApiError(
      'invalid_data',
      `Invalid entropy_id: must be the address of the ${verifierChain} wallet at index 0`,
    );
  assertRecoveryMethodAllowed(app, body.recovery_method);
  const material = recoveryMaterial(body);
  await verifyKeyProofs(ctx, {
    appId: app.id,
    userId,
    nonce: body.nonce,
    proofs: proofsOfWallets(wallets, body.key_proofs),
  });

  try {
    await storeEntropyWallets(
      ctx,
      {
        appId: app.id,
        userId,
        entropyId: first.address.identifier,
        verifier: body.entropy_id_verifier,
        authShare: body.auth_share,
        material,
      },
      wallets,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A concurrent create of this user won, or an address is someone's account already.
    throw (await userEntropy(ctx.db, app.id, userId)) ? alreadyExists() : addressTaken();
  }
  return (await loadUser(ctx.db, app.id, userId))!;
}
