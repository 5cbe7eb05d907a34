import { exportEthereumPrivateKey, exportSolanaPrivateKey } from '@latchkey/keys';
import { userIdPrefix, type WalletExportRequest, type WalletExportResponse } from '@latchkey/protocol';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { recordEvent } from '../../outbox/record-event.ts';
import { type KeyedChainType, withWalletKey } from '../wallet-keys.ts';
import type { ServerWalletRow } from '../wallet-view.ts';
import { parseRecipientPublicKey, sealToRecipient } from './hpke.ts';
import { exportBody } from './schemas.ts';
import { invalidRecipientKey } from './user-keys.ts';

/**
 * Export of a server wallet's private key (REFERENCES §1.6: the owner may export): only sealed by
 * HPKE to the recipient key the owner's request names, never in the clear. The caller has checked
 * that the owner (not an additional signer) authorized the request; `POST /wallets/:id/export` and
 * the RPC method `exportPrivateKey` both end here.
 */

const keyedChainTypes: readonly string[] = ['ethereum', 'solana'] satisfies KeyedChainType[];

/** The key as wallets import it: Ethereum 0x-hex, Solana base58 of seed ‖ public key (64 bytes). */
function exportForm(chainType: KeyedChainType, key: Uint8Array): string {
  if (chainType === 'ethereum') return exportEthereumPrivateKey(`0x${Buffer.from(key).toString('hex')}`);
  const secretKey = new Uint8Array(64);
  try {
    secretKey.set(key, 0);
    secretKey.set(ed25519.getPublicKey(key), 32);
    return exportSolanaPrivateKey(secretKey);
  } finally {
    secretKey.fill(0);
  }
}

/**
 * Seals the wallet's key to `recipient_public_key` and records the export first (`exported_at`, and
 * the `wallet.private_key_export` webhook), so that no key leaves without its record.
 */
export async function exportWalletKey(
  ctx: Pick<ServerContext, 'db' | 'keyStore' | 'now'>,
  wallet: ServerWalletRow,
  params: Pick<WalletExportRequest, 'recipient_public_key' | 'export_seed_phrase'>,
): Promise<WalletExportResponse> {
  if (params.export_seed_phrase === true)
    throw new ApiError(
      'not_supported',
      'Server wallets hold a private key, not a seed phrase: export the private key.',
    );
  if (!keyedChainTypes.includes(wallet.chain_type))
    throw new ApiError('not_supported', `Export of ${wallet.chain_type} wallets is not supported.`);
  const recipient = parseRecipientPublicKey(params.recipient_public_key);
  if (!recipient) throw invalidRecipientKey();

  const nowMs = ctx.now() * 1000;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('server_wallets')
      .set({ exported_at: nowMs })
      .where('app_id', '=', wallet.app_id)
      .where('id', '=', wallet.id)
      .execute();
    await recordEvent(
      trx,
      wallet.app_id,
      'wallet.private_key_export',
      {
        // The owner, when the wallet is a user's (`owner: {user_id}`); absent for an app's or a key's.
        ...(ownerUserId(wallet) ? { user_id: ownerUserId(wallet) } : {}),
        wallet_id: wallet.id,
        wallet_address: wallet.address,
      },
      ctx.now(),
    );
  });

  return withWalletKey(ctx, wallet, async (key) => {
    const plaintext = new TextEncoder().encode(exportForm(wallet.chain_type as KeyedChainType, key));
    try {
      return { encryption_type: 'HPKE', ...(await sealToRecipient(recipient, plaintext)) };
    } finally {
      plaintext.fill(0);
    }
  });
}

/**
 * The RPC method `exportPrivateKey` (`POST /wallets/:id/rpc`, owner-authorized by the caller): its
 * `params` are the export body's (`{encryption_type: 'HPKE', recipient_public_key}`), its `data` the
 * export's answer.
 */
export async function exportPrivateKeyRpc(
  ctx: Pick<ServerContext, 'db' | 'keyStore' | 'now'>,
  wallet: ServerWalletRow,
  params: unknown,
): Promise<WalletExportResponse> {
  const parsed = exportBody.safeParse(params);
  if (!parsed.success)
    throw new ApiError(
      'invalid_data',
      "exportPrivateKey params must be {encryption_type: 'HPKE', recipient_public_key}.",
    );
  return exportWalletKey(ctx, wallet, parsed.data);
}

/** The owner's user id as webhooks show it (`did:privy:…`), when a user owns the wallet. */
function ownerUserId(wallet: ServerWalletRow): string | null {
  if (!wallet.owner_user_id) return null;
  return wallet.owner_user_id.startsWith(userIdPrefix)
    ? wallet.owner_user_id
    : `${userIdPrefix}${wallet.owner_user_id}`;
}
