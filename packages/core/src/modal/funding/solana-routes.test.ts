import {
  createLookupTable,
  createTestMint,
  type EvmNode,
  fundedSigner,
  fundTokenAccount,
  type SolanaRpc,
  startEvmNode,
  startSolanaRpc,
} from '@latchkey/test/chains';
import { type RelayStandIn, startRelayStandIn } from '@latchkey/test/stand-ins';
import { signSolanaWireTransaction } from '@latchkey/test/wallets';
import { ed25519 } from '@noble/curves/ed25519.js';
import { address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeWalletManager, fundingClient, fundingModal, openFunding } from '../../../test/funding-flow.ts';
import { encodeBase58 } from '../../embedded/solana/base58.ts';
import { associatedTokenAddress } from '../../embedded/solana/program-address.ts';
import { createSolanaRpcClient } from '../../embedded/solana/rpc.ts';
import { parseSolanaTransaction } from '../../embedded/solana/transaction.ts';
import { fundingMessages } from '../../funding/messages.ts';
import type { FundWalletTask } from './task.ts';

/**
 * Transfer from wallet paid by a connected Solana wallet, through the modal's actions, on the local
 * chains: Solana to Solana (SOL, and USDC with the recipient's token account created) landing on
 * litesvm, and Solana to Ethereum through the Relay stand-in, the ETH arriving on Hardhat. The
 * wallet signs as the test Solana wallet does (its key in its signature slot).
 */

let evm: EvmNode;
let solana: SolanaRpc;
let relay: RelayStandIn;
const secretKey = ed25519.utils.randomSecretKey();
const payer = encodeBase58(ed25519.getPublicKey(secretKey));
const someSolanaAddress = () => encodeBase58(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));

beforeAll(async () => {
  [evm, solana] = await Promise.all([startEvmNode(), startSolanaRpc()]);
  relay = await startRelayStandIn({ evm, solana, watchMs: 50 });
  solana.airdrop(payer, 10n ** 10n);
});
afterAll(async () => {
  await Promise.all([relay?.close(), evm?.stop(), solana?.close()]);
});

function harness(task: Partial<FundWalletTask>, refuse = false) {
  const asked: unknown[] = [];
  const signed: Uint8Array[] = [];
  const manager = fakeWalletManager(
    [{ address: payer, chainType: 'solana', name: 'Test Solana Wallet' }],
    asked,
    refuse,
    (_address, transaction) => {
      signed.push(transaction);
      return signSolanaWireTransaction(transaction, secretKey);
    },
  );
  const client = fundingClient([{ method: 'wallets', provider: '' }], { wallets: async () => manager });
  const { flow, screen } = fundingModal(client, { funding: { hosts: { relayApi: relay.url } } });
  openFunding(flow, task);
  const confirm = async () => {
    await flow.funding.wallets();
    expect((screen().rows as { tags: string[] }[]).map((row) => row.tags)).toEqual([['Connected', 'Solana']]);
    flow.funding.pickWallet(payer);
    await flow.funding.confirmTransfer();
  };
  return { screen, asked, signed, confirm };
}

const solanaTask = (address: string, patch: Partial<FundWalletTask> = {}): Partial<FundWalletTask> => ({
  address,
  chain: { chainType: 'solana', cluster: 'mainnet-beta' },
  amount: '0.25',
  symbol: 'SOL',
  decimals: 9,
  network: 'Solana',
  solanaRpcUrl: solana.url,
  ...patch,
});

describe('Transfer from wallet, Solana to Solana', () => {
  it("sends SOL: the wallet signs for its cluster, 'Success!', the balance grew by the amount", async () => {
    const recipient = someSolanaAddress();
    const { screen, asked, confirm } = harness(solanaTask(recipient));
    await confirm();
    expect([screen().name, screen().status, screen().error]).toEqual([
      'fund-transfer-confirm',
      'success',
      null,
    ]);
    expect(asked).toEqual([{ solana: 'solana:mainnet' }]);
    expect(solana.balance(recipient)).toBe(250_000_000n);
  });

  it("sends USDC, creating the recipient's token account", async () => {
    const authority = await fundedSigner(solana);
    const mint = await createTestMint(solana, authority, 6);
    await fundTokenAccount(solana, authority, mint, address(payer), 5_000_000n);
    const recipient = someSolanaAddress();
    const { screen, confirm } = harness(
      solanaTask(recipient, {
        asset: 'USDC',
        symbol: 'USDC',
        decimals: 6,
        amount: '1.5',
        solanaUsdcMint: mint,
      }),
    );
    await confirm();
    expect(screen().status).toBe('success');
    const rpc = createSolanaRpcClient({ url: solana.url });
    const balance = await rpc.request<{ value: { amount: string } }>('getTokenAccountBalance', [
      associatedTokenAddress(recipient, mint),
    ]);
    expect(balance.value.amount).toBe('1500000');
  });

  it("ends on the wallet's refusal, and on the cluster's refusal (more than the wallet holds)", async () => {
    const refused = harness(solanaTask(someSolanaAddress()), true);
    await refused.confirm();
    expect([refused.screen().status, refused.screen().error]).toEqual([
      'failed',
      'User rejected the request.',
    ]);
    const tooMuch = harness(solanaTask(someSolanaAddress(), { amount: '1000' }));
    await tooMuch.confirm();
    expect(tooMuch.screen().status).toBe('failed');
    expect(tooMuch.screen().error).toEqual(expect.any(String));
  });
});

describe('Transfer from wallet, Solana to Ethereum (the bridge)', () => {
  it("quotes, the wallet signs the deposit, the bridge pays the ETH: 'Success!'", async () => {
    const recipient = '0x6666666666666666666666666666666666666666';
    const before = BigInt((await evm.rpc('eth_getBalance', [recipient, 'latest'])) as string);
    const { screen, asked, confirm } = harness({
      address: recipient,
      chain: { chainType: 'ethereum', chainId: evm.chainId },
      amount: '0.01',
      symbol: 'ETH',
      decimals: 18,
      network: 'Hardhat',
      bridgeFromSolana: { rpcUrl: solana.url },
    });
    await confirm();
    await expect
      .poll(() => [screen().name, screen().status], { timeout: 15_000 })
      .toEqual(['fund-bridge-progress', 'success']);
    expect(screen()).toMatchObject({ symbol: 'ETH', network: 'Hardhat', amount: '0.01', failure: null });
    expect(asked).toEqual([{ solana: 'solana:mainnet' }]);
    const after = BigInt((await evm.rpc('eth_getBalance', [recipient, 'latest'])) as string);
    expect(after - before).toBe(10n ** 16n);
    expect(relay.requests.at(-1)).toMatchObject({ origin: 'solana', user: payer, status: 'success' });
  });

  /** The bridge answers `instructions` and `tables` for any quote and `success` for any status; the rest goes through. */
  function stubBridge(instructions: unknown[], tables: string[]) {
    const realFetch = globalThis.fetch;
    const quotes: unknown[] = [];
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (!String(input).startsWith(relay.url)) return realFetch(input, init);
      if (String(input).includes('/quote')) {
        quotes.push(JSON.parse(String(init?.body)));
        return Response.json({
          steps: [{ items: [{ data: { instructions, addressLookupTableAddresses: tables } }] }],
        });
      }
      return Response.json({ requests: [{ status: 'success' }] });
    });
    return quotes;
  }
  const bridgeTask = (): Partial<FundWalletTask> => ({
    address: '0x6666666666666666666666666666666666666666',
    chain: { chainType: 'ethereum', chainId: evm.chainId },
    amount: '0.01',
    decimals: 18,
    bridgeFromSolana: { rpcUrl: solana.url },
  });

  it("compiles the route's address lookup tables in, read from the cluster", async () => {
    const deposit = someSolanaAddress();
    const table = await createLookupTable(solana, [address(deposit)]);
    const data = '0200000040420f0000000000'; // System transfer of 1,000,000 lamports
    const keys = [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: deposit, isSigner: false, isWritable: true },
    ];
    stubBridge([{ keys, programId: '11111111111111111111111111111111', data }], [table]);
    try {
      const { screen, signed, confirm } = harness(bridgeTask());
      await confirm();
      await expect.poll(() => screen().status, { timeout: 10_000 }).toBe('success');
      expect(solana.balance(deposit)).toBe(1_000_000n);
      const sent = parseSolanaTransaction(signed[0]!);
      expect([sent.version, sent.staticAccounts, sent.addressTableLookups]).toEqual([
        0,
        [payer, '11111111111111111111111111111111'],
        [{ table, writableIndexes: [0], readonlyIndexes: [] }],
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ends on a clear error when a lookup table does not exist, before the wallet is asked', async () => {
    const missing = someSolanaAddress();
    stubBridge([{ keys: [], programId: payer, data: '00' }], [missing]);
    try {
      const { screen, asked, confirm } = harness(bridgeTask());
      await confirm();
      await expect.poll(() => screen().status).toBe('failed');
      expect(screen().failure).toEqual({
        title: fundingMessages.bridgeFailedTitle,
        message: `Address lookup table ${missing} was not found`,
        refundUrl: null,
      });
      expect(asked).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("asks the bridge for the chain's USDC when the Ethereum wallet is funded with USDC", async () => {
    const deposit = someSolanaAddress();
    const keys = [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: deposit, isSigner: false, isWritable: true },
    ];
    const quotes = stubBridge(
      [{ keys, programId: '11111111111111111111111111111111', data: '0200000040420f0000000000' }],
      [],
    );
    try {
      const { screen, confirm } = harness({
        ...bridgeTask(),
        chain: { chainType: 'ethereum', chainId: 8453 },
        asset: 'USDC',
        symbol: 'USDC',
        decimals: 6,
        amount: '1.5',
      });
      await confirm();
      await expect.poll(() => screen().status, { timeout: 10_000 }).toBe('success');
      expect(quotes).toEqual([
        {
          tradeType: 'EXPECTED_OUTPUT',
          amount: '1500000',
          user: payer,
          recipient: '0x6666666666666666666666666666666666666666',
          originChainId: 792703809,
          originCurrency: '11111111111111111111111111111111',
          destinationChainId: 8453,
          destinationCurrency: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
          referrer: 'latchkey|app',
        },
      ]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
