import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type LocalAccount,
  type PublicClient,
} from 'viem';
import { type EvmNode, type EvmNodeOptions, startEvmNode } from './evm-node.ts';
import {
  farcasterChainId,
  farcasterKeyType,
  idRegistryAddress,
  keyGatewayAddress,
  keyRegistryAddress,
  signedKeyRequestValidatorAddress,
} from './farcaster-addresses.ts';
import { farcasterContractCode } from './farcaster-contracts.generated.ts';
import { authAddressKey } from './farcaster-signed-key-request.ts';

const { IdRegistry, KeyRegistry, KeyGateway, SignedKeyRequestValidator } = farcasterContractCode;
/** KeyGateway's ABI with KeyRegistry's errors, which its `add` passes on: viem then names them. */
const keyGatewayAbi = [...KeyGateway.abi, ...KeyRegistry.abi.filter((item) => item.type === 'error')];

/** KeyRegistry's `KeyData`: state 0 none, 1 added, 2 removed; key type 1 signer, 2 auth address. */
export interface FarcasterKeyData {
  state: number;
  keyType: number;
}

/**
 * Farcaster's registries on a local chain 10 (the Hardhat node standing in for OP Mainnet), at their
 * real addresses: what a server or auth-client's `viemConnector({ rpcUrl: url })` reads, and the
 * test's levers. Transactions wait for their receipt; a revert throws with the contract's error name.
 */
export interface FarcasterChain {
  node: EvmNode;
  /** The node's JSON-RPC URL: give it to the server (and `viemConnector`) as the Optimism RPC. */
  url: string;
  /** viem's chain for the node (id 10). */
  chain: Chain;
  publicClient: PublicClient;
  /** Test-only `IdRegistry.register`: the next fid (or `fid`) to `custody`; returns the fid. */
  registerFid(custody: Address | { address: Address }, fid?: bigint): Promise<bigint>;
  idOf(address: Address): Promise<bigint>;
  custodyOf(fid: bigint): Promise<Address>;
  keyDataOf(fid: bigint, key: Hex): Promise<FarcasterKeyData>;
  keysOf(fid: bigint, state: 1 | 2): Promise<readonly Hex[]>;
  /** Test-only: `address` becomes an auth address of `fid` (key type 2, added), with no key request. */
  addAuthAddress(fid: bigint, address: Address): Promise<void>;
  /**
   * `KeyGateway.add(keyType, key, metadataType, metadata)` sent by `custody` (funded if it has no
   * ETH): what the user's Farcaster app does to approve a signed key request. Returns the
   * transaction hash; with `wait: false` it does not wait for the receipt (a test that turned
   * automine off mines it later).
   */
  gatewayAdd(
    custody: LocalAccount,
    add: { keyType: number; key: Hex; metadataType: number; metadata: Hex },
    options?: { wait?: boolean },
  ): Promise<Hex>;
  /** `KeyRegistry.remove(key)` sent by `custody`: the user revokes a signer (state 2). */
  removeKey(custody: LocalAccount, key: Hex): Promise<Hex>;
  stop(): Promise<void>;
}

/** Starts a Hardhat node with chain id 10 and installs the registries (`deployFarcasterRegistries`). */
export async function startFarcasterChain(
  options: Omit<EvmNodeOptions, 'chainId'> = {},
): Promise<FarcasterChain> {
  const node = await startEvmNode({ ...options, chainId: farcasterChainId });
  try {
    return await deployFarcasterRegistries(node);
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/**
 * Installs the stand-in IdRegistry, KeyRegistry, KeyGateway and SignedKeyRequestValidator at their
 * OP Mainnet addresses with `hardhat_setCode` (their storage starts empty: no constructor runs).
 * The node must have chain id 10: the signed key requests' EIP-712 domain names it.
 */
export async function deployFarcasterRegistries(node: EvmNode): Promise<FarcasterChain> {
  if (node.chainId !== farcasterChainId)
    throw new Error(`Farcaster's registries live on chain 10; this node is chain ${node.chainId}`);
  for (const [address, code] of [
    [idRegistryAddress, IdRegistry.code],
    [keyRegistryAddress, KeyRegistry.code],
    [keyGatewayAddress, KeyGateway.code],
    [signedKeyRequestValidatorAddress, SignedKeyRequestValidator.code],
  ] as const)
    await node.rpc('hardhat_setCode', [address, code]);

  const chain = defineChain({
    id: farcasterChainId,
    name: 'OP Mainnet (local)',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
  // No retries: Hardhat answers a revert as an internal error (-32603), which viem retries for a second.
  const transport = http(node.url, { retryCount: 0 });
  // Hardhat mines each transaction at once: poll the receipt often.
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
  const wallet = createWalletClient({ chain, transport });
  const [funder] = (await node.rpc('eth_accounts')) as Address[];

  /** Gives `account` 100 ETH when it has none, so a fresh test key can send transactions. */
  async function fund(account: Address) {
    if ((await publicClient.getBalance({ address: account })) === 0n)
      await node.rpc('hardhat_setBalance', [account, `0x${(100n * 10n ** 18n).toString(16)}`]);
  }

  async function mined(hash: Hex): Promise<Hex> {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return hash;
  }

  return {
    node,
    url: node.url,
    chain,
    publicClient,
    async registerFid(custody, fid) {
      const address = typeof custody === 'string' ? custody : custody.address;
      if (fid !== undefined) {
        const { request } = await publicClient.simulateContract({
          account: funder!,
          address: idRegistryAddress,
          abi: IdRegistry.abi,
          functionName: 'registerFid',
          args: [address, fid],
        });
        await mined(await wallet.writeContract(request));
        return fid;
      }
      const { request, result } = await publicClient.simulateContract({
        account: funder!,
        address: idRegistryAddress,
        abi: IdRegistry.abi,
        functionName: 'register',
        args: [address],
      });
      await mined(await wallet.writeContract(request));
      return result;
    },
    idOf: (address) =>
      publicClient.readContract({
        address: idRegistryAddress,
        abi: IdRegistry.abi,
        functionName: 'idOf',
        args: [address],
      }),
    custodyOf: (fid) =>
      publicClient.readContract({
        address: idRegistryAddress,
        abi: IdRegistry.abi,
        functionName: 'custodyOf',
        args: [fid],
      }),
    keyDataOf: (fid, key) =>
      publicClient.readContract({
        address: keyRegistryAddress,
        abi: KeyRegistry.abi,
        functionName: 'keyDataOf',
        args: [fid, key],
      }),
    keysOf: (fid, state) =>
      publicClient.readContract({
        address: keyRegistryAddress,
        abi: KeyRegistry.abi,
        functionName: 'keysOf',
        args: [fid, state],
      }),
    async addAuthAddress(fid, address) {
      const { request } = await publicClient.simulateContract({
        account: funder!,
        address: keyRegistryAddress,
        abi: KeyRegistry.abi,
        functionName: 'addForTest',
        args: [fid, farcasterKeyType.authAddress, authAddressKey(address)],
      });
      await mined(await wallet.writeContract(request));
    },
    async gatewayAdd(custody, add, options = {}) {
      await fund(custody.address);
      const { request } = await publicClient.simulateContract({
        account: custody,
        address: keyGatewayAddress,
        abi: keyGatewayAbi,
        functionName: 'add',
        args: [add.keyType, add.key, add.metadataType, add.metadata],
      });
      const hash = await wallet.writeContract(request);
      return options.wait === false ? hash : mined(hash);
    },
    async removeKey(custody, key) {
      await fund(custody.address);
      const { request } = await publicClient.simulateContract({
        account: custody,
        address: keyRegistryAddress,
        abi: KeyRegistry.abi,
        functionName: 'remove',
        args: [key],
      });
      return mined(await wallet.writeContract(request));
    },
    stop: () => node.stop(),
  };
}
