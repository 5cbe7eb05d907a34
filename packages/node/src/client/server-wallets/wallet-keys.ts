import {
  type CreateServerWalletRequest,
  type HpkeEncrypted,
  type ServerWallet,
  serverWalletKeysApi,
  type WalletImportInitResponse,
} from '@latchkey/protocol';
import { fillPath } from '../http.ts';
import { base58Decode } from './base58.ts';
import { hpkeRecipient, hpkeSeal } from './hpke.ts';
import { type ServerWalletsTransport, signedCall, type WriteOptions } from './signed-call.ts';

/**
 * A server wallet's private key in and out (WIRE.md §7.5), only ever inside HPKE: export seals it to
 * a one-time key of ours (the owner's signature required), import seals it to a one-time key of the
 * server's. The key's bytes are zeroed here once sealed or read.
 */

/** A wallet to import: its chain, address, private key, and the new wallet's settings. */
export interface ImportWalletInput extends Omit<CreateServerWalletRequest, 'chain_type'> {
  wallet: {
    chain_type: 'ethereum' | 'solana';
    address: string;
    /** Ethereum: 32 bytes or their 0x-hex; Solana: the 32-byte seed or 64-byte secret key, or its base58. */
    private_key: Uint8Array | string;
  };
}

function keyBytes(chainType: 'ethereum' | 'solana', key: Uint8Array | string): Uint8Array {
  if (typeof key !== 'string') return Uint8Array.from(key);
  if (chainType === 'ethereum') {
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key))
      throw new TypeError('An Ethereum private key is 32 bytes of hex.');
    return new Uint8Array(Buffer.from(key.replace(/^0x/, ''), 'hex'));
  }
  return base58Decode(key);
}

/** `POST /wallets/:id/export`: the private key in its chain's form (Ethereum 0x-hex, Solana base58). */
export async function exportWallet(
  transport: ServerWalletsTransport,
  walletId: string,
  options: WriteOptions,
): Promise<{ private_key: string }> {
  const recipient = hpkeRecipient();
  const sealed = await signedCall<HpkeEncrypted>(
    transport,
    {
      method: 'POST',
      path: fillPath(serverWalletKeysApi.walletExport.path, { wallet_id: walletId }),
      body: { encryption_type: 'HPKE', recipient_public_key: recipient.publicKey },
    },
    options,
  );
  const opened = recipient.open(sealed);
  try {
    return { private_key: opened.toString('utf8') };
  } finally {
    opened.fill(0);
  }
}

/** `POST /wallets/import/init` then `/submit`: a new wallet from a key the server checks controls `address`. */
export async function importWallet(
  transport: ServerWalletsTransport,
  { wallet, ...settings }: ImportWalletInput,
  options: WriteOptions,
): Promise<ServerWallet> {
  const target = {
    chain_type: wallet.chain_type,
    address: wallet.address,
    entropy_type: 'private-key' as const,
  };
  const { encryption_public_key } = await signedCall<WalletImportInitResponse>(
    transport,
    {
      method: 'POST',
      path: serverWalletKeysApi.walletImportInit.path,
      body: { ...target, encryption_type: 'HPKE' },
    },
    { signal: options.signal },
  );
  const bytes = keyBytes(wallet.chain_type, wallet.private_key);
  let sealed: ReturnType<typeof hpkeSeal>;
  try {
    sealed = hpkeSeal(new Uint8Array(Buffer.from(encryption_public_key, 'base64')), bytes);
  } finally {
    bytes.fill(0);
  }
  return signedCall<ServerWallet>(
    transport,
    {
      method: 'POST',
      path: serverWalletKeysApi.walletImportSubmit.path,
      body: { ...settings, wallet: { ...target, encryption_type: 'HPKE', ...sealed } },
    },
    options,
  );
}
