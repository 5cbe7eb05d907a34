import {
  associatedTokenAccount,
  buildSignedTransaction,
  buildUnsignedTransaction,
  createTestMint,
  fundedSigner,
  fundTokenAccount,
  type SolanaRpc,
  sendWireTransaction,
  startSolanaRpc,
} from '@latchkey/test/chains';
import { dialects, startTestServer, type TestServer, type WebhookReceiver } from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  type Address,
  address,
  createNoopSigner,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerWalletsTable } from '../../src/server-wallets/tables.ts';
import { solanaCaip2 } from '../../src/server-wallets/transactions/chains.ts';
import { scanSolanaDeposits } from '../../src/server-wallets/transactions/solana-deposits.ts';
import { sendSolanaTransaction } from '../../src/server-wallets/transactions/solana-send.ts';
import { withWalletKey } from '../../src/server-wallets/wallet-keys.ts';
import {
  appWithReceiver,
  fundsEvents,
  insertServerWallet,
  waitForFunds,
} from './server-wallet-transactions-fixtures.ts';

/**
 * Solana server wallets on the litesvm RPC: SOL deposits and registered SPL deposits and
 * withdrawals found by polling each wallet's signatures (and its token accounts'), announced once.
 */
let solana: SolanaRpc;
let cluster: string;

beforeAll(async () => {
  solana = await startSolanaRpc();
  const genesis = await fetch(solana.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }),
  });
  cluster = solanaCaip2(((await genesis.json()) as { result: string }).result);
});
afterAll(async () => {
  await solana?.close();
});

/** Sends tokens from `from`'s account of `mint` to `to`'s (made if missing, paid by `from`). */
async function sendTokens(from: KeyPairSigner, mint: Address, to: Address, amount: bigint, create = true) {
  const source = await associatedTokenAccount(from.address, mint);
  return sendWireTransaction(
    solana,
    await buildSignedTransaction(solana, from, [
      ...(create
        ? [await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: from, owner: to, mint })]
        : []),
      getTransferCheckedInstruction({
        source,
        mint,
        destination: await associatedTokenAccount(to, mint),
        authority: from,
        amount,
        decimals: 6,
      }),
    ]),
  );
}

describe.each(dialects)('Solana deposits and registered SPL mints (%s)', (dialect) => {
  let t: TestServer;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    t = await startTestServer(dialect, {
      settings: { rpcUrls: { [cluster]: solana.url }, chainWatcherPollMs: 100 },
    });
  });
  afterAll(async () => {
    await t?.close();
    for (const r of receivers) await r.close();
  });

  /** A server wallet's own send (the RPC route signs so): one signer, the wallet, paying the fee. */
  async function sendAsWallet(
    wallet: Selectable<ServerWalletsTable>,
    instructions: Parameters<typeof buildUnsignedTransaction>[2],
  ) {
    const unsigned = buildUnsignedTransaction(solana, address(wallet.address), instructions);
    const signed = await withWalletKey(t.ctx, wallet, (seed) => {
      const wire = new Uint8Array(unsigned);
      wire.set(ed25519.sign(wire.subarray(65), seed), 1);
      return wire;
    });
    return sendSolanaTransaction(t.ctx, {
      wallet,
      caip2: cluster,
      signedTransaction: signed,
      referenceId: null,
    });
  }

  it('announces SOL in, and a registered mint in and out, once each; other mints and apps hear nothing', async () => {
    const authority = await fundedSigner(solana);
    const holder = await fundedSigner(solana);
    const mint = await createTestMint(solana, authority, 6);
    const otherMint = await createTestMint(solana, authority, 6);
    await fundTokenAccount(solana, authority, mint, holder.address, 5_000_000n);
    await fundTokenAccount(solana, authority, otherMint, holder.address, 5_000_000n);
    const mine = await appWithReceiver(t, { registered_assets: [{ caip2: cluster, type: 'spl', mint }] });
    const other = await appWithReceiver(t, {
      registered_assets: [{ caip2: cluster, type: 'spl', mint: otherMint }],
    });
    receivers.push(mine.receiver, other.receiver);
    const wallet = await insertServerWallet(t.ctx, mine.appId, 'solana');
    const owner = address(wallet.address);
    const friend = (await generateKeyPairSigner()).address;

    const sol = await sendWireTransaction(
      solana,
      await buildSignedTransaction(solana, holder, [
        getTransferSolInstruction({ source: holder, destination: owner, amount: lamports(1_000_000_000n) }),
      ]),
    );
    // The wallet's token account is made by the first deposit (the wallet is among its accounts)…
    const first = await sendTokens(holder, mint, owner, 1_250_000n);
    // …the second lands in it without naming the wallet: found through the token account.
    await waitForFunds(t.ctx, mine.appId, 2);
    const second = await sendTokens(holder, mint, owner, 1_000n, false);
    await sendTokens(holder, otherMint, owner, 7n); // the other app's mint, this app's wallet
    const out = await sendAsWallet(wallet, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({
        payer: createNoopSigner(owner),
        owner: friend,
        mint,
      }),
      getTransferCheckedInstruction({
        source: await associatedTokenAccount(owner, mint),
        mint,
        destination: await associatedTokenAccount(friend, mint),
        authority: createNoopSigner(owner),
        amount: 250_000n,
        decimals: 6,
      }),
    ]);
    await waitForFunds(t.ctx, mine.appId, 4);
    // Two more passes: anything announced twice, or wrongly, would be in the outbox by now.
    await t.latchkey.chainWatcher!.pass();
    await t.latchkey.chainWatcher!.pass();

    const block = { number: expect.any(Number), timestamp: expect.any(Number) };
    const spl = { type: 'spl', mint };
    const events = await fundsEvents(t.ctx, mine.appId);
    const bySignature = (hash: string) => events.filter((event) => event.transaction_hash === hash);
    expect(bySignature(sol)).toEqual([
      {
        type: 'wallet.funds_deposited',
        wallet_id: wallet.id,
        idempotency_key: expect.any(String),
        caip2: cluster,
        transaction_hash: sol,
        sender: holder.address,
        recipient: wallet.address,
        amount: '1000000000',
        asset: { type: 'native-token', address: null },
        block,
      },
    ]);
    expect(bySignature(first)).toEqual([
      expect.objectContaining({
        type: 'wallet.funds_deposited',
        sender: holder.address,
        amount: '1250000',
        asset: spl,
      }),
    ]);
    expect(bySignature(second)).toEqual([
      expect.objectContaining({
        type: 'wallet.funds_deposited',
        sender: holder.address,
        amount: '1000',
        asset: spl,
      }),
    ]);
    expect(bySignature(out.hash)).toEqual([
      {
        type: 'wallet.funds_withdrawn',
        wallet_id: wallet.id,
        idempotency_key: expect.any(String),
        caip2: cluster,
        transaction_hash: out.hash,
        sender: wallet.address,
        recipient: friend,
        amount: '250000',
        asset: spl,
        block,
        transaction_fee: '5000',
      },
    ]);
    // Nothing else: not the other mint, not the rent the wallet paid for its friend's account.
    expect(events).toHaveLength(4);
    expect(new Set(events.map((event) => event.idempotency_key)).size).toBe(4);
    expect(await fundsEvents(t.ctx, other.appId)).toEqual([]);

    type Page = {
      transactions: {
        transaction_hash: string;
        privy_transaction_id: string | null;
        details: Record<string, unknown>;
      }[];
    };
    const history = await mine.get<Page>(`/v1/wallets/${wallet.id}/transactions?chain=${cluster}`);
    const entry = (hash: string) => history.body.transactions.filter((x) => x.transaction_hash === hash);
    expect(entry(sol)).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({
          type: 'transfer_received',
          asset: 'sol',
          raw_value: '1000000000',
          raw_value_decimals: 9,
        }),
      }),
    ]);
    expect(entry(first)).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({
          type: 'transfer_received',
          asset: mint,
          raw_value: '1250000',
          raw_value_decimals: 6,
          display_values: { [mint]: '1.25' },
        }),
      }),
    ]);
    // The wallet's own send shows once: as the mint's transfer_sent, carrying the send's id.
    expect(entry(out.hash)).toEqual([
      expect.objectContaining({
        privy_transaction_id: out.transaction_id,
        details: expect.objectContaining({
          type: 'transfer_sent',
          asset: mint,
          raw_value: '250000',
          recipient: friend,
        }),
      }),
    ]);
    const minted = await mine.get<Page>(
      `/v1/wallets/${wallet.id}/transactions?chain=${cluster}&token=${mint}`,
    );
    expect(minted.body.transactions.map((x) => x.transaction_hash).sort()).toEqual(
      [first, second, out.hash].sort(),
    );
    const native = await mine.get<Page>(`/v1/wallets/${wallet.id}/transactions?chain=${cluster}&asset=sol`);
    expect(native.body.transactions.map((x) => x.transaction_hash)).toEqual([sol]);
  });

  it('forgotten cursors and overlapping checks announce nothing twice; a wallet without a registered mint still gets SOL', async () => {
    const payer = await fundedSigner(solana);
    const mine = await appWithReceiver(t);
    receivers.push(mine.receiver);
    const wallet = await insertServerWallet(t.ctx, mine.appId, 'solana');
    const transfer = async (amount: bigint) =>
      sendWireTransaction(
        solana,
        await buildSignedTransaction(solana, payer, [
          getTransferSolInstruction({
            source: payer,
            destination: address(wallet.address),
            amount: lamports(amount),
          }),
        ]),
      );
    await transfer(3_000_000n);
    solana.airdrop(wallet.address, 4_000_000n); // a faucet's transfer is a deposit like any other
    await waitForFunds(t.ctx, mine.appId, 2);
    const before = await fundsEvents(t.ctx, mine.appId);
    expect(before.map((event) => event.amount).sort()).toEqual(['3000000', '4000000']);

    // A replica that never saw the cursors, and two checks at once: the same signatures again.
    await t.ctx.db.deleteFrom('server_wallet_solana_watch').where('wallet_id', '=', wallet.id).execute();
    await Promise.all([
      scanSolanaDeposits(t.ctx),
      scanSolanaDeposits(t.ctx),
      t.latchkey.chainWatcher!.pass(),
    ]);
    await scanSolanaDeposits(t.ctx);
    expect(await fundsEvents(t.ctx, mine.appId)).toEqual(before);
    await transfer(5_000_000n);
    await waitForFunds(t.ctx, mine.appId, 3);
    expect((await fundsEvents(t.ctx, mine.appId)).map((event) => event.amount).sort()).toEqual([
      '3000000',
      '4000000',
      '5000000',
    ]);
    expect(t.logs.filter((line) => line.includes('chain watcher'))).toEqual([]);
  });
});
