import { signHashWith } from '@latchkey/keys';
import type { RawSignHashFunction, RawSignRequest, RawSignResponse } from '@latchkey/protocol';
import { ed25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { type Hex, keccak256, serializeSignature } from 'viem';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { isKeyedChainType, keyedChainCurves } from './addresses/index.ts';
import { enforcePolicies } from './policies/enforce.ts';
import type { PolicyRequest } from './policies/request.ts';
import { withWalletKey } from './wallet-keys.ts';
import type { ServerWalletRow } from './wallet-view.ts';

/**
 * `POST /wallets/:id/raw_sign`: a signature over a 32-byte hash the caller computed, or over bytes the
 * server hashes with the named function. Wallets on secp256k1 (ethereum, cosmos, tron, bitcoin-segwit)
 * sign the hash as it is and answer r ‖ s ‖ v, 65 bytes: s low (BIP-62, as Bitcoin and Cosmos demand),
 * v = 27 + recovery id. The incumbent's answer has no other field, so v is how a caller recovers the
 * public key that Cosmos and Bitcoin transactions carry; Tron takes all 65 bytes as they are, Cosmos
 * the first 64, Bitcoin the first 64 in DER with its sighash byte. Wallets on Ed25519 (solana, sui,
 * near, stellar) answer the 64-byte signature of the 32 bytes. Policies see it as the method
 * `raw_sign` (REFERENCES §1.3 leaves its name open): a wallet with a policy needs a rule for it, or
 * `'*'`; policies exist for ethereum and solana only, so the other chains' wallets carry none.
 */
const hashes: Record<RawSignHashFunction, (bytes: Uint8Array) => Uint8Array> = {
  keccak256: (bytes) => new Uint8Array(Buffer.from(keccak256(bytes).slice(2), 'hex')),
  sha256,
  blake2b256: (bytes) => blake2b(bytes, { dkLen: 32 }),
};

function digestOf(params: RawSignRequest['params']): Uint8Array {
  if (params.hash !== undefined) {
    if (params.bytes !== undefined)
      throw new ApiError('invalid_data', 'Give params.hash or params.bytes, not both');
    if (!/^0x[0-9a-fA-F]{64}$/.test(params.hash))
      throw new ApiError('invalid_data', 'Invalid params.hash: must be a 32-byte 0x-hex hash');
    return new Uint8Array(Buffer.from(params.hash.slice(2), 'hex'));
  }
  if (params.bytes === undefined || params.encoding === undefined || params.hash_function === undefined)
    throw new ApiError('invalid_data', 'Give params.hash, or params.bytes with encoding and hash_function');
  const text = params.encoding === 'hex' ? params.bytes.replace(/^0x/, '') : params.bytes;
  if (params.encoding === 'hex' && !/^([0-9a-fA-F]{2})*$/.test(text))
    throw new ApiError('invalid_data', 'Invalid params.bytes: not hex');
  const bytes = new Uint8Array(Buffer.from(text, params.encoding === 'utf-8' ? 'utf8' : params.encoding));
  return hashes[params.hash_function](bytes);
}

export async function rawSign(
  ctx: ServerContext,
  wallet: ServerWalletRow,
  policyIds: string[],
  body: RawSignRequest,
): Promise<RawSignResponse> {
  const digest = digestOf(body.params);
  const grant = await enforcePolicies(ctx, wallet.app_id, policyIds, {
    method: 'raw_sign',
    chainType: wallet.chain_type as PolicyRequest['chainType'],
    walletAddress: wallet.address,
    params: body.params,
    body,
  });
  try {
    // A row of a chain type this server never keyed cannot exist; refuse rather than guess its curve.
    if (!isKeyedChainType(wallet.chain_type))
      throw new ApiError('not_supported', `raw_sign is not supported for ${wallet.chain_type} wallets`);
    const curve = keyedChainCurves[wallet.chain_type];
    const signature = await withWalletKey(ctx, wallet, async (key, secp256k1) =>
      curve === 'secp256k1'
        ? serializeSignature(await signHashWith(secp256k1.sign, key, `0x${bytesToHex(digest)}` as Hex))
        : `0x${bytesToHex(ed25519.sign(digest, key))}`,
    );
    return { method: 'raw_sign', data: { signature, encoding: 'hex' } };
  } catch (error) {
    await grant.release();
    throw error;
  }
}
