import { type Address, createPublicClient, type Hex, http, parseAbi } from 'viem';

/**
 * The two Farcaster registry reads a sign-in's authority rests on (REFERENCES: FC-C `verify.ts`):
 * who is an fid's custody address, and which keys an fid added. Behind an interface so tests and
 * embedders can stand in for the chain (settings.ts `registry`).
 */
export interface FarcasterRegistry {
  /** IdRegistry `idOf(owner)`: the fid whose custody address this is, 0 for none. */
  idOf(owner: Address): Promise<bigint>;
  /** IdRegistry `custodyOf(fid)`: the fid's custody address (the account's `owner_address`). */
  custodyOf(fid: bigint): Promise<Address>;
  /** KeyRegistry `keyDataOf(fid, key)`: the key's state (1 added, 2 removed) and type (1 Ed25519 signer, 2 auth address). */
  keyDataOf(fid: bigint, key: Hex): Promise<{ state: number; keyType: number }>;
}

/** The canonical registries on Optimism (chain id 10). */
export const idRegistryAddress: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';
export const keyRegistryAddress: Address = '0x00000000fc1237824fb747abde0ff18990e59b7e';

const idRegistryAbi = parseAbi([
  'function idOf(address owner) view returns (uint256 fid)',
  'function custodyOf(uint256 fid) view returns (address owner)',
]);
const keyRegistryAbi = parseAbi([
  'struct KeyData { uint8 state; uint32 keyType; }',
  'function keyDataOf(uint256 fid, bytes key) view returns (KeyData)',
]);

/** The registries on the chain behind `rpcUrl` (Optimism, or a local chain with them at the same addresses). */
export function chainRegistry(rpcUrl: string): FarcasterRegistry {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 1 }) });
  return {
    idOf: (owner) =>
      client.readContract({
        address: idRegistryAddress,
        abi: idRegistryAbi,
        functionName: 'idOf',
        args: [owner],
      }),
    custodyOf: (fid) =>
      client.readContract({
        address: idRegistryAddress,
        abi: idRegistryAbi,
        functionName: 'custodyOf',
        args: [fid],
      }),
    keyDataOf: async (fid, key) => {
      const data = await client.readContract({
        address: keyRegistryAddress,
        abi: keyRegistryAbi,
        functionName: 'keyDataOf',
        args: [fid, key],
      });
      return { state: Number(data.state), keyType: Number(data.keyType) };
    },
  };
}
