import {
  type Address,
  address,
  createSolanaRpc,
  generateKeyPairSigner,
  type getBase64EncodedWireTransaction,
  isSolanaError,
  lamports,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SolanaRpc, startSolanaRpc } from './solana-rpc.ts';
import {
  associatedTokenAccount,
  buildSignedTransaction,
  buildUnsignedTransaction,
  createLookupTable,
  createTestMint,
  fundedSigner,
  fundTokenAccount,
  sendWireTransaction,
} from './solana-transactions.ts';

let solana: SolanaRpc;
let rpc: Rpc<SolanaRpcApi>;

beforeAll(async () => {
  solana = await startSolanaRpc();
  rpc = createSolanaRpc(solana.url);
});
afterAll(() => solana.close());

type WireBase64 = ReturnType<typeof getBase64EncodedWireTransaction>;
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64') as WireBase64;
/** One JSON-RPC call over fetch, for what @solana/kit's typed client will not send. */
async function rawRpc(
  method: string,
  params: unknown[],
): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const response = await fetch(solana.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return response.json() as Promise<{ result?: unknown; error?: { code: number; message: string } }>;
}
const computeBudget = address('ComputeBudget111111111111111111111111111111');

/** SetComputeUnitLimit (2) and SetComputeUnitPrice (3) instructions of the compute budget program. */
function priorityFee(units: number, microLamports: bigint) {
  const limit = new Uint8Array(5);
  limit[0] = 2;
  new DataView(limit.buffer).setUint32(1, units, true);
  const price = new Uint8Array(9);
  price[0] = 3;
  new DataView(price.buffer).setBigUint64(1, microLamports, true);
  return [
    { programAddress: computeBudget, data: limit },
    { programAddress: computeBudget, data: price },
  ];
}

describe('the litesvm Solana JSON-RPC shim', () => {
  it('lands a SOL transfer built and signed with @solana/kit, and reports it like a validator', async () => {
    const payer = await fundedSigner(solana, 2_000_000_000n);
    const recipient = (await generateKeyPairSigner()).address;
    const { value: latest } = await rpc.getLatestBlockhash().send();
    expect(latest.blockhash).toBe(solana.svm.latestBlockhash());

    const wire = await buildSignedTransaction(
      solana,
      payer,
      [getTransferSolInstruction({ source: payer, destination: recipient, amount: lamports(500_000_000n) })],
      { version: 'legacy', blockhash: latest.blockhash },
    );
    const messageBase64 = base64(wire.subarray(1 + 64)) as unknown as Parameters<
      typeof rpc.getFeeForMessage
    >[0];
    const { value: fee } = await rpc.getFeeForMessage(messageBase64).send();
    expect(fee).toBe(5000n);

    const signature = await rpc.sendTransaction(base64(wire), { encoding: 'base64' }).send();
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send();
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' });

    expect((await rpc.getBalance(recipient).send()).value).toBe(500_000_000n);
    expect((await rpc.getBalance(payer.address).send()).value).toBe(2_000_000_000n - 500_000_000n - 5000n);
    expect(solana.balance(recipient)).toBe(500_000_000n);

    const landed = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    expect(landed?.meta).toMatchObject({ err: null, fee: 5000n });
    expect(landed?.meta?.logMessages).toContain('Program 11111111111111111111111111111111 success');
    expect(landed?.transaction.message.accountKeys).toEqual([
      payer.address,
      recipient,
      '11111111111111111111111111111111',
    ]);
  });

  it('refuses a transfer above the balance at preflight, with the logs, and charges nothing', async () => {
    const payer = await fundedSigner(solana, 1_000_000_000n);
    const wire = await buildSignedTransaction(solana, payer, [
      getTransferSolInstruction({
        source: payer,
        destination: (await generateKeyPairSigner()).address,
        amount: lamports(5_000_000_000n),
      }),
    ]);
    const failure = await rpc
      .sendTransaction(base64(wire), { encoding: 'base64' })
      .send()
      .catch((error: unknown) => error);
    expect(isSolanaError(failure)).toBe(true);
    const context = (failure as { context: { logs?: string[] } }).context;
    // The fee is taken before the program runs, hence 1 SOL less 5,000 lamports.
    expect(context.logs).toContain('Transfer: insufficient lamports 999995000, need 5000000000');
    expect(solana.balance(payer.address)).toBe(1_000_000_000n);
  });

  it('records a failing transaction sent with skipPreflight: fee taken, status carries the error', async () => {
    const payer = await fundedSigner(solana, 1_000_000_000n);
    const wire = await buildSignedTransaction(solana, payer, [
      getTransferSolInstruction({
        source: payer,
        destination: (await generateKeyPairSigner()).address,
        amount: lamports(5_000_000_000n),
      }),
    ]);
    const signature = await rpc
      .sendTransaction(base64(wire), { encoding: 'base64', skipPreflight: true })
      .send();
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect(solana.balance(payer.address)).toBe(1_000_000_000n - 5000n);
  });

  it('simulates an unsigned transaction, and replaces an expired blockhash only when asked', async () => {
    const payer = await fundedSigner(solana, 1_000_000_000n);
    const recipient = (await generateKeyPairSigner()).address;
    const stale = solana.svm.latestBlockhash();
    const wire = buildUnsignedTransaction(
      solana,
      payer.address,
      [
        getTransferSolInstruction({
          source: payer,
          destination: recipient,
          amount: lamports(2_000_000_000n),
        }),
      ],
      { blockhash: stale },
    );
    solana.svm.expireBlockhash();

    const { value: plain } = await rpc.simulateTransaction(base64(wire), { encoding: 'base64' }).send();
    expect(plain.err).toBe('BlockhashNotFound');

    const { value: replaced } = await rpc
      .simulateTransaction(base64(wire), { encoding: 'base64', replaceRecentBlockhash: true })
      .send();
    expect(replaced.replacementBlockhash?.blockhash).toBe(solana.svm.latestBlockhash());
    expect(replaced.replacementBlockhash?.blockhash).not.toBe(stale);
    expect(replaced.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect(replaced.logs).toContain('Transfer: insufficient lamports 999995000, need 2000000000');

    // The validator refuses to verify signatures on a transaction it re-blockhashed (kit's types
    // forbid the pair, so ask over plain JSON-RPC).
    const both = await rawRpc('simulateTransaction', [
      base64(wire),
      { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true },
    ]);
    expect(both.error).toMatchObject({
      code: -32602,
      message: 'sigVerify may not be used with replaceRecentBlockhash',
    });
    // Simulation changes nothing.
    expect(solana.balance(payer.address)).toBe(1_000_000_000n);
  });

  it('charges and quotes the priority fee (compute-unit price × limit) like the runtime', async () => {
    const payer = await fundedSigner(solana, 2_000_000_000n);
    const recipient = (await generateKeyPairSigner()).address;
    const wire = await buildSignedTransaction(solana, payer, [
      ...priorityFee(300_000, 1_500_000n),
      getTransferSolInstruction({ source: payer, destination: recipient, amount: lamports(1_000_000_000n) }),
    ]);
    const messageBase64 = base64(wire.subarray(1 + 64)) as unknown as Parameters<
      typeof rpc.getFeeForMessage
    >[0];
    const { value: quoted } = await rpc.getFeeForMessage(messageBase64).send();
    expect(quoted).toBe(5000n + 450_000n);
    await sendWireTransaction(solana, wire);
    expect(solana.balance(payer.address)).toBe(2_000_000_000n - 1_000_000_000n - quoted!);
  });

  it('runs an SPL token flow: mint, associated token accounts, transferChecked, close', async () => {
    const authority = await fundedSigner(solana);
    const holder = await fundedSigner(solana);
    const receiver = (await generateKeyPairSigner()).address;
    const mint = await createTestMint(solana, authority, 6);
    const source = await fundTokenAccount(solana, authority, mint, holder.address, 5_000_000n);
    const destination = await associatedTokenAccount(receiver, mint);

    const wire = await buildSignedTransaction(solana, holder, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: holder, owner: receiver, mint }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: holder,
        amount: 1_250_000n,
        decimals: 6,
      }),
    ]);
    const transfer = await sendWireTransaction(solana, wire);

    // The metadata's token balances: the receiver's account (made by this transaction) only after.
    const landed = await rpc
      .getTransaction(transfer, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    const keys = landed!.transaction.message.accountKeys;
    const amounts = (
      balances: readonly {
        accountIndex: number;
        owner?: string;
        mint: string;
        uiTokenAmount: { amount: string };
      }[],
    ) =>
      balances.map((entry) => ({
        account: keys[entry.accountIndex],
        owner: entry.owner,
        mint: entry.mint,
        amount: entry.uiTokenAmount.amount,
      }));
    expect(amounts(landed!.meta!.preTokenBalances!)).toEqual([
      { account: source, owner: holder.address, mint, amount: '5000000' },
    ]);
    expect(
      amounts(landed!.meta!.postTokenBalances!).sort((a, b) => a.amount.localeCompare(b.amount)),
    ).toEqual([
      { account: destination, owner: receiver, mint, amount: '1250000' },
      { account: source, owner: holder.address, mint, amount: '3750000' },
    ]);
    expect(landed!.meta!.postTokenBalances![0]).toMatchObject({
      programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      uiTokenAmount: { decimals: 6 },
    });
    // Indexed under every account it names: the token accounts and the receiver (the ATA's owner).
    for (const of of [source, destination, receiver])
      expect((await rpc.getSignaturesForAddress(of).send()).map((entry) => entry.signature)).toContain(
        transfer,
      );

    const { value: sent } = await rpc.getTokenAccountBalance(destination).send();
    expect(sent).toEqual({ amount: '1250000', decimals: 6, uiAmount: 1.25, uiAmountString: '1.25' });
    expect((await rpc.getTokenAccountBalance(source).send()).value.amount).toBe('3750000');

    const { value: parsed } = await rpc.getAccountInfo(destination, { encoding: 'jsonParsed' }).send();
    expect(parsed?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'account', info: { mint, owner: receiver, state: 'initialized' } },
    });
    const { value: mintInfo } = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send();
    expect(mintInfo?.data).toMatchObject({
      parsed: { type: 'mint', info: { decimals: 6, supply: '5000000' } },
    });

    const { value: owned } = await rpc
      .getTokenAccountsByOwner(holder.address, { mint }, { encoding: 'base64' })
      .send();
    expect(owned.map((entry) => entry.pubkey)).toEqual([source]);

    // Empty the receiver's account back and close it: the rent returns to the receiver's payer.
    const emptied = await fundedSigner(solana);
    const ata = await fundTokenAccount(solana, authority, mint, emptied.address, 0n);
    const rentBefore = solana.balance(emptied.address);
    await sendWireTransaction(
      solana,
      await buildSignedTransaction(solana, emptied, [
        getCloseAccountInstruction({ account: ata, destination: emptied.address, owner: emptied }),
      ]),
    );
    expect(solana.balance(ata)).toBe(0n);
    expect(solana.balance(emptied.address)).toBe(rentBefore + 2_039_280n - 5000n);
  });

  it('lands a v0 transaction that loads accounts through an address lookup table', async () => {
    const payer = await fundedSigner(solana, 3_000_000_000n);
    const recipients: Address[] = [
      (await generateKeyPairSigner()).address,
      (await generateKeyPairSigner()).address,
    ];
    const table = await createLookupTable(solana, recipients);
    const { value: tableAccount } = await rpc.getAccountInfo(table, { encoding: 'jsonParsed' }).send();
    expect(tableAccount?.data).toMatchObject({
      parsed: { type: 'lookupTable', info: { addresses: recipients } },
    });

    const wire = await buildSignedTransaction(
      solana,
      payer,
      recipients.map((destination) =>
        getTransferSolInstruction({ source: payer, destination, amount: lamports(1_000_000_000n) }),
      ),
      { lookupTables: { [table]: recipients } },
    );
    const signature: Signature = await sendWireTransaction(solana, wire);
    expect(recipients.map((recipient) => solana.balance(recipient))).toEqual([
      1_000_000_000n,
      1_000_000_000n,
    ]);
    await expect(rpc.getTransaction(signature).send()).rejects.toThrow(/maxSupportedTransactionVersion/);
    const landed = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    expect(landed?.version).toBe(0);
    const lookups =
      landed && 'addressTableLookups' in landed.transaction.message
        ? landed.transaction.message.addressTableLookups
        : undefined;
    expect(lookups).toHaveLength(1);
    expect(lookups?.[0]).toMatchObject({ accountKey: table, readonlyIndexes: [] });
    expect([...(lookups?.[0]?.writableIndexes ?? [])].sort()).toEqual([0, 1]);
    // The loaded accounts follow the static ones in the balances, and are indexed like them.
    const loaded = landed!.meta!.loadedAddresses!;
    expect([...loaded.writable].sort()).toEqual([...recipients].sort());
    const all = [...landed!.transaction.message.accountKeys, ...loaded.writable, ...loaded.readonly];
    expect(landed!.meta!.postBalances).toHaveLength(all.length);
    for (const recipient of recipients) {
      const index = all.indexOf(recipient);
      expect(landed!.meta!.postBalances[index]! - landed!.meta!.preBalances[index]!).toBe(1_000_000_000n);
      expect((await rpc.getSignaturesForAddress(recipient).send())[0]?.signature).toBe(signature);
    }
  });

  it("lists an address's signatures newest first (before, until, limit), airdrops included", async () => {
    const payer = await fundedSigner(solana, 2_000_000_000n);
    const someone = (await generateKeyPairSigner()).address;
    const airdrop = solana.airdrop(someone, 1_000_000_000n) as Signature;
    const paid = await sendWireTransaction(
      solana,
      await buildSignedTransaction(solana, payer, [
        getTransferSolInstruction({ source: payer, destination: someone, amount: lamports(3_000_000n) }),
      ]),
    );
    // A failed transaction is listed too, with its error.
    const failed = await rpc
      .sendTransaction(
        base64(
          await buildSignedTransaction(solana, payer, [
            getTransferSolInstruction({
              source: payer,
              destination: someone,
              amount: lamports(9_000_000_000n),
            }),
          ]),
        ),
        { encoding: 'base64', skipPreflight: true },
      )
      .send();
    const list = (options: Parameters<typeof rpc.getSignaturesForAddress>[1] = {}) =>
      rpc
        .getSignaturesForAddress(someone, options)
        .send()
        .then((entries) => entries.map((entry) => entry.signature));
    expect(await list()).toEqual([failed, paid, airdrop]);
    const [newest] = await rpc.getSignaturesForAddress(someone, { limit: 1 }).send();
    expect(newest).toMatchObject({
      signature: failed,
      err: { InstructionError: [0n, { Custom: 1n }] },
      memo: null,
      confirmationStatus: 'finalized',
    });
    expect(Number(newest!.blockTime)).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(await list({ before: failed })).toEqual([paid, airdrop]);
    expect(await list({ until: airdrop })).toEqual([failed, paid]);
    expect(await list({ before: failed, until: airdrop })).toEqual([paid]);
    expect(await list({ before: (await generateKeyPairSigner()).address as unknown as Signature })).toEqual(
      [],
    );
    expect((await rawRpc('getSignaturesForAddress', [someone, { limit: 1001 }])).error?.code).toBe(-32602);

    // The airdrop is a transfer from the shim's faucet, with balances like any other.
    const dropped = await rpc
      .getTransaction(airdrop, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send();
    const keys = dropped!.transaction.message.accountKeys;
    expect(keys.slice(1)).toEqual([someone, '11111111111111111111111111111111']);
    expect(dropped!.meta!.postBalances[1]! - dropped!.meta!.preBalances[1]!).toBe(1_000_000_000n);
    expect(dropped!.meta!.preTokenBalances).toEqual([]);
  });

  it('answers the small questions: airdrop, rent, slot, genesis hash, blockhash validity', async () => {
    const someone = (await generateKeyPairSigner()).address;
    const airdrop = await rpc.requestAirdrop(someone, lamports(42_000_000n)).send();
    expect((await rpc.getSignatureStatuses([airdrop]).send()).value[0]?.confirmationStatus).toBe('finalized');
    expect((await rpc.getBalance(someone).send()).value).toBe(42_000_000n);
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n);
    expect(await rpc.getSlot().send()).toBe(solana.svm.getClock().slot);
    expect(await rpc.getGenesisHash().send()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect((await rpc.isBlockhashValid(solana.svm.latestBlockhash()).send()).value).toBe(true);
    expect((await rpc.getAccountInfo(someone, { encoding: 'base64' }).send()).value).toMatchObject({
      lamports: 42_000_000n,
      owner: '11111111111111111111111111111111',
      data: ['', 'base64'],
    });
    expect((await rpc.getAccountInfo((await generateKeyPairSigner()).address).send()).value).toBeNull();
  });

  it('speaks plain JSON-RPC to browsers: CORS preflight, unknown methods, malformed bodies', async () => {
    const preflight = await fetch(solana.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-headers': 'content-type,solana-client',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');

    const post = (body: string) =>
      fetch(solana.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        (response) => response.json() as Promise<{ error?: { code: number } }>,
      );
    expect((await rawRpc('getNothing', [])).error?.code).toBe(-32601);
    expect((await post('{not json')).error?.code).toBe(-32700);
    expect((await rawRpc('sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code).toBe(-32602);
  });
});
