import { serverWalletLimits } from '@latchkey/protocol';
import { z } from 'zod';

/**
 * The body fields a wallet is made with, shared by `POST /wallets` (wallets-part.ts) and
 * `POST /wallets/import/submit` (hpke/schemas.ts), bounded before any work; the wallet store checks
 * the rest (that owners, quorums and policies exist in the app).
 */

/** An id, bounded (the stores look it up). */
export const id = z.string().min(1).max(64);
export const displayName = z.string().min(1).max(serverWalletLimits.displayNameMax);
export const externalId = z.string().min(1).max(serverWalletLimits.externalIdMax);
export const policyIds = z.array(id).max(serverWalletLimits.maxPolicyIds, 'at most 1 policy id');
export const owner = z.union([
  z.object({ user_id: id }).strict(),
  z.object({ public_key: z.string().min(1).max(1000) }).strict(),
]);
export const signers = z
  .array(z.object({ signer_id: id, override_policy_ids: policyIds.optional() }))
  .max(serverWalletLimits.additionalSignersMax);
export const threshold = z.number().int().min(1).max(serverWalletLimits.quorumMaxMembers);

/** Who controls a new wallet, its policies and names (all but its chain). */
export const newWalletFields = {
  owner: owner.nullable().optional(),
  owner_id: id.nullable().optional(),
  authorization_key_ids: z.array(id).min(1).max(serverWalletLimits.quorumMaxMembers).optional(),
  authorization_threshold: threshold.optional(),
  policy_ids: policyIds.optional(),
  additional_signers: signers.optional(),
  display_name: displayName.optional(),
  external_id: externalId.optional(),
};
