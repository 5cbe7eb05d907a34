import {
  serverWalletKeyLimits,
  type WalletImportInitRequest,
  type WalletImportInitResponse,
  type WalletImportSubmitRequest,
} from '@latchkey/protocol';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58 } from '@scure/base';
import type { ServerContext } from '../../context.ts';
import { randomId } from '../../crypto/random.ts';
import { ApiError } from '../../http/api-error.ts';
import { addressOfKey, type KeyedChainType } from '../wallet-keys.ts';
import { createServerWallet } from '../wallet-store.ts';
import type { ServerWalletRow } from '../wallet-view.ts';
import {
  generateHpkeKeyPair,
  HpkeOpenFailed,
  type HpkeOptions,
  openWithPrivateKey,
  strictBase64,
} from './hpke.ts';

/**
 * Import of a private key into a new server wallet (WIRE.md §7.3): `init` makes an HPKE key pair of
 * ours for one chain type and address (its private half sealed by the key store, for
 * `importTtlMs`); the caller seals the key's raw bytes to it; `submit` opens them, checks they
 * control the address, seals them as the new wallet's key and zeroes every copy it made.
 */

/** What a sealed import key is bound to (the key store's additional data). */
export const importKeyContext = (appId: string, importId: string) =>
  `server-wallet-import:${appId}:${importId}`;

/** Imports tried per submit: the newest inits for the address (a key opens only its own message). */
const importsTriedPerSubmit = 5;

const notSupportedChain = (chainType: string) =>
  new ApiError(
    'not_supported',
    `Import of ${chainType} keys is not supported: Latchkey imports ethereum and solana private keys.`,
  );

const notSupportedHd = () =>
  new ApiError(
    'not_supported',
    'Import of HD (seed phrase) entropy is not supported: a server wallet holds one private key. Import the private key of the account instead (entropy_type "private-key").',
  );

/** The address in the form `server_wallets.address_key` has it, or null when it is not one of the chain. */
export function addressKey(chainType: KeyedChainType, address: string): string | null {
  if (chainType === 'ethereum') return /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : null;
  try {
    return base58.decode(address).length === 32 ? address : null;
  } catch {
    return null;
  }
}

function keyedChain(chainType: string, entropyType: string): KeyedChainType {
  if (chainType !== 'ethereum' && chainType !== 'solana') throw notSupportedChain(chainType);
  if (entropyType !== 'private-key') throw notSupportedHd();
  return chainType;
}

/** `POST /wallets/import/init`. */
export async function initImport(
  ctx: Pick<ServerContext, 'db' | 'keyStore' | 'now'>,
  appId: string,
  body: WalletImportInitRequest,
): Promise<WalletImportInitResponse> {
  const chainType = keyedChain(body.chain_type, body.entropy_type);
  const key = addressKey(chainType, body.address);
  if (!key) throw new ApiError('invalid_data', `address is not a ${chainType} address.`);

  const id = randomId();
  const pair = await generateHpkeKeyPair();
  let sealed: string;
  try {
    sealed = await ctx.keyStore.seal(pair.privateKey, importKeyContext(appId, id));
  } finally {
    pair.privateKey.fill(0);
  }
  const nowMs = ctx.now() * 1000;
  await ctx.db
    .insertInto('server_wallet_imports')
    .values({
      id,
      app_id: appId,
      chain_type: chainType,
      address_key: key,
      private_key_sealed: sealed,
      created_at: nowMs,
      expires_at: nowMs + serverWalletKeyLimits.importTtlMs,
    })
    .execute();
  return { encryption_public_key: Buffer.from(pair.publicPoint).toString('base64'), encryption_type: 'HPKE' };
}

/** `hpke_config` as HPKE options; bytes that are not base64 are refused. */
function hpkeOptions(config: WalletImportSubmitRequest['wallet']['hpke_config']): HpkeOptions {
  if (!config) return {};
  const info = config.info === undefined ? undefined : strictBase64(config.info);
  const aad = config.aad === undefined ? undefined : strictBase64(config.aad);
  if (info === null || aad === null)
    throw new ApiError('invalid_data', 'hpke_config.info and aad must be base64.');
  return {
    ...(config.aead_algorithm ? { aead: config.aead_algorithm } : {}),
    ...(info ? { info } : {}),
    ...(aad ? { aad } : {}),
  };
}

/**
 * The 32-byte key of the wallet from the imported bytes, if they control `address`: Ethereum's
 * secp256k1 scalar; Solana's 64-byte secret key (seed ‖ public key, whose halves must agree) or bare
 * 32-byte seed. Null when they do not. The caller zeroes `bytes` and the result.
 */
export async function walletKeyOf(
  chainType: KeyedChainType,
  bytes: Uint8Array,
  key: string,
): Promise<Uint8Array | null> {
  let candidate: Uint8Array;
  if (chainType === 'ethereum') {
    if (bytes.length !== 32 || !secp256k1.utils.isValidSecretKey(bytes)) return null;
    candidate = bytes.slice();
  } else {
    if (bytes.length !== 32 && bytes.length !== 64) return null;
    candidate = bytes.slice(0, 32);
    if (bytes.length === 64 && Buffer.compare(ed25519.getPublicKey(candidate), bytes.subarray(32)) !== 0) {
      candidate.fill(0);
      return null;
    }
  }
  const address = await addressOfKey(chainType, candidate);
  if ((chainType === 'ethereum' ? address.toLowerCase() : address) === key) return candidate;
  candidate.fill(0);
  return null;
}

/** `POST /wallets/import/submit`: the new wallet, with `imported_at`. */
export async function submitImport(
  ctx: ServerContext,
  appId: string,
  body: WalletImportSubmitRequest,
): Promise<ServerWalletRow> {
  const { wallet } = body;
  const chainType = keyedChain(wallet.chain_type, wallet.entropy_type);
  const key = addressKey(chainType, wallet.address);
  if (!key) throw new ApiError('invalid_data', `address is not a ${chainType} address.`);
  const options = hpkeOptions(wallet.hpke_config);

  const existing = await ctx.db
    .selectFrom('server_wallets')
    .select('id')
    .where('app_id', '=', appId)
    .where('chain_type', '=', chainType)
    .where('address_key', '=', key)
    .executeTakeFirst();
  if (existing)
    throw new ApiError('resource_already_exists', 'This app already has a wallet with this address.');

  const imports = await ctx.db
    .selectFrom('server_wallet_imports')
    .select(['id', 'private_key_sealed'])
    .where('app_id', '=', appId)
    .where('chain_type', '=', chainType)
    .where('address_key', '=', key)
    .where('expires_at', '>', ctx.now() * 1000)
    .orderBy('created_at', 'desc')
    .limit(importsTriedPerSubmit)
    .execute();

  for (const row of imports) {
    const opened = await openImport(ctx, appId, row, wallet, options);
    if (!opened) continue;
    const privateKey = await walletKeyOf(chainType, opened, key);
    opened.fill(0);
    // An init's key serves one import: spent once its wallet exists, or once it opened the wrong key.
    const spend = () => ctx.db.deleteFrom('server_wallet_imports').where('id', '=', row.id).execute();
    if (!privateKey) {
      await spend();
      throw new ApiError('invalid_data', `The imported key does not control ${wallet.address}.`);
    }
    try {
      const created = await createServerWallet(
        ctx,
        appId,
        {
          chain_type: chainType,
          ...(body.owner !== undefined ? { owner: body.owner } : {}),
          ...(body.owner_id !== undefined ? { owner_id: body.owner_id } : {}),
          ...(body.policy_ids ? { policy_ids: body.policy_ids } : {}),
          ...(body.additional_signers ? { additional_signers: body.additional_signers } : {}),
          ...(body.display_name !== undefined ? { display_name: body.display_name } : {}),
          ...(body.external_id !== undefined ? { external_id: body.external_id } : {}),
        },
        { privateKey },
      );
      await spend();
      return created;
    } finally {
      privateKey.fill(0);
    }
  }
  throw new ApiError(
    'invalid_data',
    'The encrypted key does not open with a live import of this chain type and address: call import/init first and seal the key to its encryption_public_key.',
  );
}

/** The message opened with one init's key, or null when it was not sealed to it. */
async function openImport(
  ctx: Pick<ServerContext, 'keyStore'>,
  appId: string,
  row: { id: string; private_key_sealed: string },
  wallet: WalletImportSubmitRequest['wallet'],
  options: HpkeOptions,
): Promise<Uint8Array | null> {
  const scalar = await ctx.keyStore.open(row.private_key_sealed, importKeyContext(appId, row.id));
  try {
    return await openWithPrivateKey(
      scalar,
      { encapsulated_key: wallet.encapsulated_key, ciphertext: wallet.ciphertext },
      options,
    );
  } catch (error) {
    if (error instanceof HpkeOpenFailed) return null;
    throw error;
  } finally {
    scalar.fill(0);
  }
}
