import {
  bytesToHex,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  erc1155Abi,
  getAddress,
  hexToBigInt,
  parseAbi,
  stringToHex,
  toFunctionSelector,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { decimalsCall, decodeCallData, decodeDecimals, decodeSymbol, symbolCall } from './abi.ts';

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('decodeCallData (checked against viem’s encoder)', () => {
  it('reads ERC-20 transfer, transferFrom and approve with checksummed addresses', () => {
    expect(
      decodeCallData(
        encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [bob.toLowerCase() as `0x${string}`, 5n],
        }),
      ),
    ).toEqual({ functionName: 'transfer', args: [bob, 5n] });
    expect(
      decodeCallData(
        encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [alice, bob, 2n ** 200n] }),
      ),
    ).toEqual({ functionName: 'transferFrom', args: [alice, bob, 2n ** 200n] });
    expect(
      decodeCallData(
        encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [bob, 2n ** 256n - 1n] }),
      ),
    ).toEqual({ functionName: 'approve', args: [bob, 2n ** 256n - 1n] });
  });

  it('reads the head of NFT calls with dynamic tails', () => {
    const withData = encodeFunctionData({
      abi: erc721Abi,
      functionName: 'safeTransferFrom',
      args: [alice, bob, 7n, '0xdeadbeef'],
    });
    expect(decodeCallData(withData)).toEqual({ functionName: 'safeTransferFrom', args: [alice, bob, 7n] });
    const batch = encodeFunctionData({
      abi: erc1155Abi,
      functionName: 'safeBatchTransferFrom',
      args: [alice, bob, [1n, 2n], [3n, 4n], '0x'],
    });
    expect(decodeCallData(batch)).toEqual({ functionName: 'safeBatchTransferFrom', args: [alice, bob] });
    const all = encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [bob, true] });
    expect(decodeCallData(all)).toEqual({ functionName: 'setApprovalForAll', args: [bob, true] });
    const mint = encodeFunctionData({
      abi: parseAbi(['function mint(address to, uint256 amount)']),
      args: [bob, 9n],
    });
    expect(decodeCallData(mint)).toEqual({ functionName: 'mint', args: [bob, 9n] });
  });

  it('knows its selectors by their signatures', () => {
    const signatures = {
      '0xa9059cbb': 'transfer(address,uint256)',
      '0x23b872dd': 'transferFrom(address,address,uint256)',
      '0x095ea7b3': 'approve(address,uint256)',
      '0x42842e0e': 'safeTransferFrom(address,address,uint256)',
      '0xb88d4fde': 'safeTransferFrom(address,address,uint256,bytes)',
      '0xa22cb465': 'setApprovalForAll(address,bool)',
      '0xf242432a': 'safeTransferFrom(address,address,uint256,uint256,bytes)',
      '0x2eb2c2d6': 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
      '0x40c10f19': 'mint(address,uint256)',
    };
    for (const [selector, signature] of Object.entries(signatures))
      expect(toFunctionSelector(`function ${signature}`)).toBe(selector);
    expect(toFunctionSelector('function symbol()')).toBe(symbolCall);
    expect(toFunctionSelector('function decimals()')).toBe(decimalsCall);
  });

  it('refuses unknown selectors, short or malformed arguments', () => {
    expect(decodeCallData('0xdeadbeef')).toBeNull();
    expect(decodeCallData(undefined)).toBeNull();
    expect(decodeCallData('0xa9059cbb')).toBeNull();
    expect(decodeCallData(`0xa9059cbb${'ff'.repeat(64)}`)).toBeNull(); // address word above 160 bits
    expect(decodeCallData(`0xa22cb465${'00'.repeat(32)}${'00'.repeat(31)}02`)).toBeNull(); // bool 2
    expect(decodeCallData('0xa9059cbbzz')).toBeNull();
  });
});

describe('token answers', () => {
  it('reads symbol() as an ABI string or as bytes32, and decimals() as a uint8', () => {
    expect(decodeSymbol(encodeAbiParameters([{ type: 'string' }], ['USDC']))).toBe('USDC');
    expect(decodeSymbol(stringToHex('MKR', { size: 32 }))).toBe('MKR');
    expect(decodeSymbol('0x')).toBeNull();
    expect(decodeSymbol(encodeAbiParameters([{ type: 'string' }], ['\u0000\u0001']))).toBeNull();
    expect(decodeDecimals(encodeAbiParameters([{ type: 'uint8' }], [6]))).toBe(6);
    expect(decodeDecimals(encodeAbiParameters([{ type: 'uint256' }], [1000n]))).toBeNull();
    expect(decodeDecimals('0x')).toBeNull();
  });
});

describe('against viem’s decoder', () => {
  const randomAddress = () => getAddress(bytesToHex(crypto.getRandomValues(new Uint8Array(20))));
  const randomUint = () => hexToBigInt(bytesToHex(crypto.getRandomValues(new Uint8Array(32))));
  const abi = [...erc20Abi, ...erc721Abi, ...erc1155Abi, ...parseAbi(['function mint(address, uint256)'])];

  it('reads the same head arguments as decodeFunctionData for random calls', () => {
    for (let round = 0; round < 25; round += 1) {
      const calls = [
        encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [randomAddress(), randomUint()],
        }),
        encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transferFrom',
          args: [randomAddress(), randomAddress(), randomUint()],
        }),
        encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [randomAddress(), randomUint()] }),
        encodeFunctionData({
          abi: erc721Abi,
          functionName: 'safeTransferFrom',
          args: [
            randomAddress(),
            randomAddress(),
            randomUint(),
            bytesToHex(crypto.getRandomValues(new Uint8Array(5))),
          ],
        }),
        encodeFunctionData({
          abi: erc1155Abi,
          functionName: 'safeTransferFrom',
          args: [randomAddress(), randomAddress(), randomUint(), randomUint(), '0x'],
        }),
        encodeFunctionData({
          abi: erc721Abi,
          functionName: 'setApprovalForAll',
          args: [randomAddress(), round % 2 === 0],
        }),
      ];
      for (const data of calls) {
        const ours = decodeCallData(data)!;
        const theirs = decodeFunctionData({ abi, data });
        expect(ours.functionName).toBe(theirs.functionName);
        expect(ours.args).toEqual((theirs.args ?? []).slice(0, ours.args.length));
      }
    }
  });
});
