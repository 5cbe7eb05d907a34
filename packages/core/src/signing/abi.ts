import { toChecksumAddress } from '../wallets/address.ts';

/**
 * Just enough ABI decoding for the confirm screen: the token and NFT calls it names (spec
 * document 2 §3 "Decoded transaction details"), read from the calldata's static head words, and
 * an ERC-20's symbol() and decimals() answers. Hand-written rather than viem's decodeFunctionData
 * and decodeAbiParameters, measured with bench:bundle: they take the app's chunks from 179.3 to
 * 221.2 KiB gzip (over the 200 KiB budget): 10.0 for the decoder, and 31.3 for the secp256k1 and
 * ccip chunks esbuild splits out of viem's barrel (`import()`s it holds) though they never load.
 * Stricter than viem too: an address word with its upper 12 bytes set, which viem would cut to its
 * low 20 and Solidity's decoder reverts on, is not a call here. abi.test.ts checks against viem's
 * encoder.
 */

type Word = 'address' | 'uint256' | 'bool';

/** 4-byte selector → the function and the static parameters at the head of its arguments. */
const calls: Record<string, { name: string; params: readonly Word[] }> = {
  // ERC-20 (approve and transferFrom share their selectors with ERC-721)
  '0xa9059cbb': { name: 'transfer', params: ['address', 'uint256'] },
  '0x23b872dd': { name: 'transferFrom', params: ['address', 'address', 'uint256'] },
  '0x095ea7b3': { name: 'approve', params: ['address', 'uint256'] },
  // ERC-721 safeTransferFrom(address,address,uint256) and (…,bytes)
  '0x42842e0e': { name: 'safeTransferFrom', params: ['address', 'address', 'uint256'] },
  '0xb88d4fde': { name: 'safeTransferFrom', params: ['address', 'address', 'uint256'] },
  // ERC-721 / ERC-1155
  '0xa22cb465': { name: 'setApprovalForAll', params: ['address', 'bool'] },
  // ERC-1155 safeTransferFrom(address,address,uint256,uint256,bytes) and the batch (…,uint256[],uint256[],bytes)
  '0xf242432a': { name: 'safeTransferFrom', params: ['address', 'address', 'uint256'] },
  '0x2eb2c2d6': { name: 'safeBatchTransferFrom', params: ['address', 'address'] },
  // mint(address,uint256)
  '0x40c10f19': { name: 'mint', params: ['address', 'uint256'] },
};

export interface DecodedCallData {
  functionName: string;
  args: (string | bigint | boolean)[];
}

const hexData = /^0x(?:[0-9a-fA-F]{2})*$/;

/** The call in `data` when its selector is one of the above and its head words are well formed. */
export function decodeCallData(data: string | undefined): DecodedCallData | null {
  if (!data || !hexData.test(data) || data.length < 10) return null;
  const call = calls[data.slice(0, 10).toLowerCase()];
  if (!call) return null;
  const body = data.slice(10);
  if (body.length < 64 * call.params.length) return null;
  const args: DecodedCallData['args'] = [];
  for (const [index, type] of call.params.entries()) {
    const word = BigInt(`0x${body.slice(64 * index, 64 * (index + 1))}`);
    if (type === 'uint256') args.push(word);
    else if (type === 'bool') {
      if (word > 1n) return null;
      args.push(word === 1n);
    } else {
      if (word >> 160n !== 0n) return null;
      args.push(toChecksumAddress(`0x${word.toString(16).padStart(40, '0')}`));
    }
  }
  return { functionName: call.name, args };
}

/** symbol() and decimals() as eth_call data. */
export const symbolCall = '0x95d89b41';
export const decimalsCall = '0x313ce567';

/** decimals()'s answer: one word holding a uint8. */
export function decodeDecimals(result: unknown): number | null {
  if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(result)) return null;
  const value = BigInt(result);
  return value <= 255n ? Number(value) : null;
}

/** symbol()'s answer: an ABI string (offset, length, bytes), or the older bytes32 form (MKR, SAI). */
export function decodeSymbol(result: unknown): string | null {
  if (typeof result !== 'string' || !hexData.test(result) || result.length < 66) return null;
  const hex = result.slice(2);
  let bytes: string;
  if (hex.length === 64) bytes = hex.replace(/(00)+$/, '');
  else {
    const offset = Number(BigInt(`0x${hex.slice(0, 64)}`)) * 2;
    const length = Number(BigInt(`0x${hex.slice(offset, offset + 64)}`)) * 2;
    bytes = hex.slice(offset + 64, offset + 64 + length);
    if (bytes.length !== length) return null;
  }
  const raw = Uint8Array.from(bytes.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    return text && /^[\p{L}\p{N}\p{P}\p{S} ]+$/u.test(text) ? text : null;
  } catch {
    return null;
  }
}
