import { ethereumKeyProof, ethereumSigner, solanaKey, solanaKeyProof } from '@latchkey/keys';
import { keyProofMessage } from '@latchkey/protocol';
import { type ImportedKey, solanaKeypair } from './imported-key.ts';
import type { ChainType } from './request-data.ts';
import type { NonceReply } from './server-api.ts';
import { wipe } from './wipe.ts';

/** A wallet's proof that it holds its key: its address and its signature of the key-proof text. */
export interface WalletKeyProof {
  address: string;
  signature: string;
}

const text = (nonce: NonceReply, address: string) =>
  keyProofMessage({ appId: nonce.app_id, userId: nonce.user_id, address, nonce: nonce.nonce });

/** The proof of the HD wallet at (`chain`, `index`) of `seed`; the key derived for it is wiped. */
export function proveHdWallet(
  seed: Uint8Array,
  chain: ChainType,
  index: number,
  nonce: NonceReply,
): WalletKeyProof {
  if (chain === 'ethereum') {
    const signer = ethereumSigner(seed, index);
    try {
      return {
        address: signer.address,
        signature: ethereumKeyProof(signer.privateKey, text(nonce, signer.address)),
      };
    } finally {
      wipe(signer.privateKey);
    }
  }
  const key = solanaKey(seed, index);
  try {
    return { address: key.address, signature: solanaKeyProof(key.secretKey, text(nonce, key.address)) };
  } finally {
    wipe(key.secretKey);
  }
}

/** The proof of an imported key: signed with the key itself. */
export function proveImportedKey(key: ImportedKey, nonce: NonceReply): WalletKeyProof {
  if (key.chain === 'ethereum')
    return { address: key.address, signature: ethereumKeyProof(key.secret, text(nonce, key.address)) };
  const keypair = solanaKeypair(key.secret);
  try {
    return { address: key.address, signature: solanaKeyProof(keypair, text(nonce, key.address)) };
  } finally {
    wipe(keypair);
  }
}
