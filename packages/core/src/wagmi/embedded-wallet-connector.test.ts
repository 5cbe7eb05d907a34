import { type EvmNode, frameSignWith, hardhatChain, startEvmNode } from '@latchkey/test/chains';
import {
  type Config,
  type CreateConnectorFn,
  connect,
  createConfig,
  disconnect,
  getConnection,
  injected,
  sendTransaction,
  signMessage,
  switchChain,
  waitForTransactionReceipt,
} from '@wagmi/core';
import { type Chain, createPublicClient, defineChain, http, parseEther, verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEmbeddedEthereumProvider,
  type EmbeddedEthereumProvider,
} from '../embedded/ethereum-provider.ts';
import { embeddedWallet } from './embedded-wallet-connector.ts';

// Hardhat's well-known third development account (10000 ETH on a fresh node).
const account = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const recipient = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

const frameSign = frameSignWith(account);

let node: EvmNode;
let hardhat: Chain;
/** A second chain both sides know, to switch to (nothing is sent on it). */
const otherChain = defineChain({
  id: 31_338,
  name: 'Other',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/unused'] } },
});
/** Configured in wagmi only: the Latchkey provider refuses it with 4902. */
const wagmiOnlyChain = defineChain({ ...otherChain, id: 31_339, name: 'Wagmi only' });

beforeAll(async () => {
  node = await startEvmNode();
  hardhat = hardhatChain(node);
});
afterAll(async () => {
  await node?.stop();
});

function setup(connectorFor: (provider: EmbeddedEthereumProvider) => CreateConnectorFn) {
  const confirmed: string[] = [];
  const provider = createEmbeddedEthereumProvider({
    address: account.address,
    chains: [hardhat, otherChain],
    sign: frameSign,
    confirm: async (request) => {
      confirmed.push(request.method);
    },
  });
  const config = createConfig({
    chains: [hardhat, otherChain, wagmiOnlyChain],
    connectors: [connectorFor(provider)],
    transports: {
      [hardhat.id]: http(node.url),
      [otherChain.id]: http(otherChain.rpcUrls.default.http[0]),
      [wagmiOnlyChain.id]: http(otherChain.rpcUrls.default.http[0]),
    },
    storage: null,
    multiInjectedProviderDiscovery: false,
  });
  return { provider, config, confirmed, connector: config.connectors[0]! };
}

const connection = (config: Config) => {
  const { status, address, chainId, connector } = getConnection(config);
  return { status, address, chainId, connector: connector?.id };
};

describe('wagmi over the embedded wallet: the embeddedWallet connector', () => {
  it('connects, switches chain, signs a message and sends a transaction on a real node', async () => {
    const { config, connector, confirmed } = setup((provider) =>
      embeddedWallet({ getProvider: async () => provider }),
    );
    expect(connector).toMatchObject({
      id: 'latchkey-embedded',
      name: 'Latchkey Wallet',
      type: 'latchkeyEmbeddedWallet',
    });

    const connected = await connect(config, { connector });
    expect(connected).toEqual({ accounts: [account.address], chainId: hardhat.id });
    expect(connection(config)).toEqual({
      status: 'connected',
      address: account.address,
      chainId: hardhat.id,
      connector: 'latchkey-embedded',
    });

    // wallet_switchEthereumChain; the provider's chainChanged moves wagmi's state.
    await switchChain(config, { chainId: otherChain.id });
    expect(connection(config).chainId).toBe(otherChain.id);
    await expect(switchChain(config, { chainId: wagmiOnlyChain.id })).rejects.toMatchObject({
      name: 'SwitchChainError',
    });
    expect(connection(config).chainId).toBe(otherChain.id);
    await switchChain(config, { chainId: hardhat.id });
    expect(connection(config).chainId).toBe(hardhat.id);

    const message = 'Latchkey through wagmi';
    const signature = await signMessage(config, { message });
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true);

    const client = createPublicClient({ chain: hardhat, transport: http(node.url) });
    const before = await client.getBalance({ address: recipient });
    const hash = await sendTransaction(config, { to: recipient, value: parseEther('0.5') });
    const receipt = await waitForTransactionReceipt(config, { hash });
    expect(receipt).toMatchObject({ status: 'success', from: account.address.toLowerCase() });
    expect((await client.getBalance({ address: recipient })) - before).toBe(parseEther('0.5'));
    // Every signature went through the confirmation hook (the React layer's screens).
    expect(confirmed).toEqual(['personal_sign', 'eth_sendTransaction']);
  });

  it('connects straight to a requested chain', async () => {
    const { config, connector } = setup((provider) => embeddedWallet({ getProvider: () => provider }));
    expect(await connect(config, { connector, chainId: otherChain.id })).toMatchObject({
      chainId: otherChain.id,
    });
  });

  it('the provider’s events reach wagmi: chainChanged, and logout (accountsChanged [] + disconnect)', async () => {
    const { config, connector, provider } = setup((p) => embeddedWallet({ getProvider: () => p }));
    await connect(config, { connector });
    // A switch made on the provider itself (e.g. by the app through useWallets()).
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] });
    expect(connection(config).chainId).toBe(otherChain.id);
    provider.disconnect();
    await expect.poll(() => connection(config).status).toBe('disconnected');
    expect(connection(config).address).toBeUndefined();
  });

  it('disconnect from wagmi stops listening, and the wallet can connect again', async () => {
    const { config, connector, provider } = setup((p) => embeddedWallet({ getProvider: () => p }));
    await connect(config, { connector });
    await disconnect(config);
    expect(connection(config).status).toBe('disconnected');
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] });
    expect(connection(config).status).toBe('disconnected');
    expect(await connect(config, { connector })).toMatchObject({ chainId: otherChain.id });
  });
});

describe("wagmi's injected connector over the embedded provider", () => {
  // `injected` looks for a browser: any `window` will do, the provider is given as the target.
  const global = globalThis as { window?: unknown };
  beforeAll(() => {
    global.window = {};
  });
  afterAll(() => {
    delete global.window;
  });

  it('connects, follows chain switches, signs, and disconnects on logout', async () => {
    const { config, connector, provider } = setup((p) =>
      injected({ target: () => ({ id: 'latchkey', name: 'Latchkey Wallet', provider: p as never }) }),
    );
    expect(await connect(config, { connector })).toEqual({
      accounts: [account.address],
      chainId: hardhat.id,
    });
    await switchChain(config, { chainId: otherChain.id });
    expect(connection(config)).toMatchObject({ status: 'connected', chainId: otherChain.id });
    await switchChain(config, { chainId: hardhat.id });
    const signature = await signMessage(config, { message: 'injected' });
    expect(await verifyMessage({ address: account.address, message: 'injected', signature })).toBe(true);
    provider.disconnect();
    await expect.poll(() => connection(config).status).toBe('disconnected');
  });
});
