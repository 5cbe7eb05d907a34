import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Address,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  type Hex,
  isAddressEqual,
  parseAbi,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainRegistry, idRegistryAddress, keyRegistryAddress } from './registry.ts';

/** The registries' ABI as their contracts answer it (FC-KR, FC-IR): what a JSON-RPC node would run. */
const abi = parseAbi([
  'function idOf(address owner) view returns (uint256 fid)',
  'function custodyOf(uint256 fid) view returns (address owner)',
  'struct KeyData { uint8 state; uint32 keyType; }',
  'function keyDataOf(uint256 fid, bytes key) view returns (KeyData)',
]);

const custody: Address = '0x94Bac74eC80C25fd5F19A76F2cd74a46d6618c3A';
const authAddress: Address = '0x1111111111111111111111111111111111111111';
const authKey = encodeAbiParameters([{ type: 'address' }], [authAddress]);

/** A JSON-RPC node that answers `eth_call` to the two registries at their canonical addresses. */
function registryNode(calls: { to: string; fn: string }[]): Server {
  return createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const request = JSON.parse(raw) as { id: number; method: string; params: [{ to: Address; data: Hex }] };
      const answer = (result: unknown) => res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result }));
      if (request.method === 'eth_chainId') return answer('0xa');
      const [{ to, data }] = request.params;
      const call = decodeFunctionData({ abi, data });
      calls.push({ to, fn: call.functionName });
      if (call.functionName === 'idOf' && isAddressEqual(to, idRegistryAddress))
        return answer(
          encodeFunctionResult({
            abi,
            functionName: 'idOf',
            result: isAddressEqual(call.args[0], custody) ? 42n : 0n,
          }),
        );
      if (call.functionName === 'custodyOf' && isAddressEqual(to, idRegistryAddress))
        return answer(encodeFunctionResult({ abi, functionName: 'custodyOf', result: custody }));
      if (call.functionName === 'keyDataOf' && isAddressEqual(to, keyRegistryAddress)) {
        const added = call.args[0] === 42n && call.args[1] === authKey;
        return answer(
          encodeFunctionResult({
            abi,
            functionName: 'keyDataOf',
            result: added ? { state: 1, keyType: 2 } : { state: 0, keyType: 0 },
          }),
        );
      }
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: -32000, message: 'execution reverted' },
        }),
      );
    });
  });
}

describe('chainRegistry', () => {
  const calls: { to: string; fn: string }[] = [];
  const node = registryNode(calls);
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => node.close(resolve)));

  it('reads idOf and custodyOf from the IdRegistry, keyDataOf from the KeyRegistry, at the canonical addresses', async () => {
    const registry = chainRegistry(url);
    expect(await registry.idOf(custody)).toBe(42n);
    expect(await registry.idOf(authAddress)).toBe(0n);
    expect(await registry.custodyOf(42n)).toBe(custody);
    expect(await registry.keyDataOf(42n, authKey)).toEqual({ state: 1, keyType: 2 });
    expect(await registry.keyDataOf(43n, authKey)).toEqual({ state: 0, keyType: 0 });
    expect(calls.map((call) => call.fn)).toEqual(['idOf', 'idOf', 'custodyOf', 'keyDataOf', 'keyDataOf']);
    expect(calls.slice(0, 3).every((call) => isAddressEqual(call.to as Address, idRegistryAddress))).toBe(
      true,
    );
    expect(calls.slice(3).every((call) => isAddressEqual(call.to as Address, keyRegistryAddress))).toBe(true);
  });
});
