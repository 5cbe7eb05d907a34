import { generateEntropy, seedFromEntropyAsync, splitEntropy, toBase64 } from '@latchkey/keys';
import { entropyIdVerifiers } from '@latchkey/protocol';
import { entropyNames } from './entropy-names.ts';
import type { FrameContext } from './frame-context.ts';
import { proveHdWallet } from './key-proofs.ts';
import { type RecoveryChoice, sealRecoveryShare } from './recovery.ts';
import type { ChainType } from './request-data.ts';
import { wipe } from './wipe.ts';

/**
 * Creates the user's entropy with its first wallet (index 0 on `chain`), whose address becomes the
 * entropyId, signed for by that wallet's key. The device share is stored before the upload so that a
 * wallet the server knows is never missing from the device that made it; if the upload fails, the share
 * is removed again.
 */
export async function createEntropy(
  ctx: FrameContext,
  accessToken: string | null,
  chain: ChainType,
  choice: RecoveryChoice,
): Promise<string> {
  const entropy = generateEntropy();
  const seed = await seedFromEntropyAsync(entropy);
  const shares = await splitEntropy(entropy);
  try {
    const nonce = await ctx.api.nonce(accessToken);
    const proof = proveHdWallet(seed, chain, 0, nonce);
    const address = proof.address;
    const recovery = await sealRecoveryShare(shares.recoveryShare, choice);
    const names = entropyNames(seed);
    ctx.deviceShares.save(names, shares.deviceShare);
    try {
      await ctx.api.create(accessToken, {
        entropy_id: address,
        entropy_id_verifier: entropyIdVerifiers[chain],
        auth_share: toBase64(shares.authShare),
        ...recovery,
        wallets: [
          chain === 'ethereum'
            ? { chain_type: 'ethereum', address, wallet_index: 0 }
            : { chain_type: 'solana', address, wallet_index: 0, public_key: address },
        ],
        nonce: nonce.nonce,
        key_proofs: [proof],
      });
    } catch (error) {
      ctx.deviceShares.delete(names);
      throw error;
    }
    return address;
  } finally {
    wipe(entropy, seed, shares.deviceShare, shares.authShare, shares.recoveryShare);
  }
}
