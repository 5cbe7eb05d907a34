import { seedFromEntropyAsync } from '../keys/entropy.ts';
import { ethereumKey, generateEntropy, solanaKey, splitEntropy, toBase64 } from '../keys/index.ts';
import { entropyNames } from './entropy-names.ts';
import type { FrameContext } from './frame-context.ts';
import { type RecoveryChoice, sealRecoveryShare } from './recovery.ts';
import type { ChainType } from './request-data.ts';
import { wipe } from './wipe.ts';

/**
 * Creates the user's entropy with its first wallet (index 0 on `chain`), whose address becomes the
 * entropyId. The device share is stored before the upload so that a wallet the server knows is never
 * missing from the device that made it; if the upload fails, the share is removed again.
 */
export async function createEntropy(
  ctx: FrameContext,
  accessToken: string,
  chain: ChainType,
  choice: RecoveryChoice,
): Promise<string> {
  const entropy = generateEntropy();
  const seed = await seedFromEntropyAsync(entropy);
  let solanaSecret: Uint8Array | null = null;
  const shares = await splitEntropy(entropy);
  try {
    let address: string;
    if (chain === 'ethereum') {
      address = ethereumKey(seed, 0).address;
    } else {
      const key = solanaKey(seed, 0);
      solanaSecret = key.secretKey;
      address = key.address;
    }
    const recovery = await sealRecoveryShare(shares.recoveryShare, choice);
    const names = entropyNames(seed);
    ctx.deviceShares.save(names, shares.deviceShare);
    try {
      await ctx.api.create(accessToken, {
        entropy_id: address,
        entropy_id_verifier: chain === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
        auth_share: toBase64(shares.authShare),
        ...recovery,
        wallets: [
          chain === 'ethereum'
            ? { chain_type: 'ethereum', address, wallet_index: 0 }
            : { chain_type: 'solana', address, wallet_index: 0, public_key: address },
        ],
      });
    } catch (error) {
      ctx.deviceShares.delete(names);
      throw error;
    }
    return address;
  } finally {
    wipe(entropy, seed, solanaSecret, shares.deviceShare, shares.authShare, shares.recoveryShare);
  }
}
