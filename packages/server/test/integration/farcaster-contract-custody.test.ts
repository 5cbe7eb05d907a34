import { buildSiweMessage } from '@latchkey/protocol';
import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import { type AuthBody, dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { type Address, createPublicClient, createWalletClient, getAddress, http } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRegistry } from '../fixtures/farcaster-registry.ts';
import { ownedWalletAbi, ownedWalletBytecode } from '../fixtures/owned-wallet.ts';

/**
 * A Farcaster account whose custody address is a contract (a smart wallet): its SIWF signature is
 * its owner's, checked through the chain behind `eip155:10` (EIP-1271). The local EVM node stands in
 * for Optimism's RPC (the universal validator reads the wallet, whatever the node's chain id); the
 * registries stay in memory.
 */
describe('Farcaster login with a contract custody address', () => {
  let node: EvmNode;
  let deployer: Address;
  const registry = new MemoryRegistry();
  const publicClient = () => createPublicClient({ chain: hardhat, transport: http(node.url) });
  const walletClient = () => createWalletClient({ chain: hardhat, transport: http(node.url) });

  beforeAll(async () => {
    node = await startEvmNode();
    [deployer] = (await walletClient().getAddresses()) as [Address];
  }, 60_000);
  afterAll(() => node?.stop());

  async function deployWallet(owner: Address): Promise<Address> {
    const hash = await walletClient().deployContract({
      abi: ownedWalletAbi,
      bytecode: ownedWalletBytecode,
      args: [owner],
      account: deployer,
    });
    return getAddress((await publicClient().waitForTransactionReceipt({ hash })).contractAddress!);
  }

  describe.each(dialects)('(%s)', (dialect) => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer(dialect, {
        settings: { rpcUrls: { 'eip155:10': node.url }, farcaster: { registry } },
      });
    });
    afterAll(() => t.close());

    async function miniAppLogin(wallet: Address, fid: number, signer: PrivateKeyAccount) {
      const { client } = await t.createApp({ farcaster_auth: true });
      const { nonce } = (await client.post<{ nonce: string }>('/api/v2/farcaster/init', {})).body;
      const message = buildSiweMessage({
        domain: 'app.test',
        address: wallet,
        statement: 'Farcaster Auth',
        uri: 'http://app.test',
        chainId: 10,
        nonce,
        issuedAt: new Date(t.ctx.now() * 1000).toISOString(),
        resources: [`farcaster://fid/${fid}`],
      });
      return client.post<AuthBody & { code?: string }>('/api/v2/farcaster/authenticate', {
        fid,
        message,
        signature: await signer.signMessage({ message }),
      });
    }

    it('logs in with the owner’s signature for the contract, and refuses a stranger’s', async () => {
      const owner = privateKeyToAccount(generatePrivateKey());
      const wallet = await deployWallet(owner.address);
      const fid = registry.register(wallet);
      const res = await miniAppLogin(wallet, fid, owner);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.user.linked_accounts[0]).toMatchObject({
        type: 'farcaster',
        fid,
        owner_address: wallet,
      });
      const stranger = await miniAppLogin(wallet, fid, privateKeyToAccount(generatePrivateKey()));
      expect(stranger).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
    });
  });
});
