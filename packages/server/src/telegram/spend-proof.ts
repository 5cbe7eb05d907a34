import { createHash } from 'node:crypto';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { isUniqueViolation } from '../storage/db.ts';

/**
 * Accepts a verified proof once: its hash is kept until the proof would be too old anyway, and a
 * second use (by anyone, for any app) is refused. The hash covers the bot and what the signature
 * covered, so no unsigned field (a `signature` the hash left out) makes a replay look new.
 */
export async function spendProof(
  ctx: ServerContext,
  app: AppRecord,
  proof: { kind: string; bot: string; verified: string; expiresAt: number },
): Promise<void> {
  const proofHash = createHash('sha256')
    .update(`${proof.kind}\n${proof.bot}\n${proof.verified}`)
    .digest('hex');
  try {
    await ctx.db
      .insertInto('telegram_proofs')
      .values({ proof_hash: proofHash, app_id: app.id, expires_at: proof.expiresAt })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(
        'invalid_credentials',
        'This Telegram login was already used: sign in with Telegram again.',
      );
    throw error;
  }
}
