import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { privateKeyToAddress } from 'viem/accounts';
import { checkWalletIndex } from './wallet-index.ts';

export interface EthereumKey {
  privateKey: `0x${string}`;
  /** EIP-55 checksummed. */
  address: `0x${string}`;
}

/** BIP-44 Ethereum account: m/44'/60'/0'/0/{index} (the path MetaMask and Privy use), BIP-32 secp256k1. */
export function ethereumKey(seed: Uint8Array, index: number): EthereumKey {
  const node = HDKey.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/${checkWalletIndex(index)}`);
  // fromMasterSeed always yields a private node, and private derivation keeps it.
  const privateKey: `0x${string}` = `0x${bytesToHex(node.privateKey!)}`;
  return { privateKey, address: privateKeyToAddress(privateKey) };
}
