import {
  associatedTokenAccount,
  buildSignedTransaction,
  buildUnsignedTransaction,
  createLookupTable,
  createTestMint,
  fundedSigner,
  fundTokenAccount,
  type SolanaRpc,
  sendWireTransaction,
  startSolanaRpc,
} from '@latchkey/test/chains';
import {
  AccountRole,
  type Address,
  address,
  createAddressWithSeed,
  generateKeyPairSigner,
  type Instruction,
  lamports,
} from '@solana/kit';
import {
  getAssignInstruction,
  getCreateAccountInstruction,
  getCreateAccountWithSeedInstruction,
  getTransferSolInstruction,
  getTransferSolWithSeedInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system';
import {
  getApproveInstruction,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getCreateAssociatedTokenInstructionAsync,
  getInitializeAccount3Instruction,
  getSyncNativeInstruction,
  getTokenSize,
  getTransferCheckedInstruction,
  getTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSolanaTransaction, solanaLookupTableAddresses } from './decode-instructions.ts';
import { ASSOCIATED_TOKEN_PROGRAM, JUPITER_PROGRAMS, RAYDIUM_CPMM_PROGRAMS } from './programs.ts';

let solana: SolanaRpc;
beforeAll(async () => {
  solana = await startSolanaRpc();
});
afterAll(() => solana.close());

const SYSTEM = '11111111111111111111111111111111';
const NATIVE_MINT = address('So11111111111111111111111111111111111111112');
const newAddress = async () => (await generateKeyPairSigner()).address;

/** Decodes a transaction after proving it is real: it lands on the SVM. */
async function decodeLanded(wire: Uint8Array, options?: Parameters<typeof decodeSolanaTransaction>[1]) {
  await sendWireTransaction(solana, wire);
  return decodeSolanaTransaction(wire, options);
}

describe('decodeSolanaTransaction: system program', () => {
  it('decodes a legacy SOL transfer with fee payer, blockhash and signers', async () => {
    const payer = await fundedSigner(solana);
    const recipient = await newAddress();
    const wire = await buildSignedTransaction(
      solana,
      payer,
      [getTransferSolInstruction({ source: payer, destination: recipient, amount: lamports(1_250_000n) })],
      { version: 'legacy' },
    );
    expect(await decodeLanded(wire)).toEqual({
      version: 'legacy',
      feePayer: payer.address,
      recentBlockhash: solana.svm.latestBlockhash(),
      signers: [payer.address],
      instructions: [
        {
          type: 'sol-transfer',
          program: SYSTEM,
          fromAccount: payer.address,
          toAccount: recipient,
          lamports: 1_250_000n,
          withSeed: false,
        },
      ],
    });
  });

  it('resolves v0 accounts loaded from address lookup tables, given their contents', async () => {
    const payer = await fundedSigner(solana);
    const recipients = [await newAddress(), await newAddress()];
    const table = await createLookupTable(solana, recipients);
    const wire = await buildSignedTransaction(
      solana,
      payer,
      recipients.map((destination, index) =>
        getTransferSolInstruction({
          source: payer,
          destination,
          amount: lamports(BigInt(index + 1) * 1_000_000n),
        }),
      ),
      { lookupTables: { [table]: recipients } },
    );
    expect(solanaLookupTableAddresses(wire)).toEqual([table]);
    expect(() => decodeSolanaTransaction(wire)).toThrow(
      expect.objectContaining({
        message: 'Invalid transaction request',
        details: `the contents of address lookup table ${table} are needed to read this transaction`,
      }),
    );
    const decoded = await decodeLanded(wire, { addressLookupTables: { [table]: recipients } });
    expect(decoded.version).toBe(0);
    expect(decoded.instructions).toEqual([
      expect.objectContaining({ type: 'sol-transfer', toAccount: recipients[0], lamports: 1_000_000n }),
      expect.objectContaining({ type: 'sol-transfer', toAccount: recipients[1], lamports: 2_000_000n }),
    ]);
    expect(() =>
      decodeSolanaTransaction(wire, { addressLookupTables: { [table]: recipients.slice(0, 1) } }),
    ).toThrow(expect.objectContaining({ details: `address lookup table ${table} has no entry 1` }));
  });

  it('decodes CreateAccount (with the program that will own it) next to an unknown token instruction', async () => {
    const payer = await fundedSigner(solana);
    const account = await generateKeyPairSigner();
    const mint = await createTestMint(solana, payer, 2);
    const rent = solana.svm.minimumBalanceForRentExemption(BigInt(getTokenSize()));
    const wire = await buildSignedTransaction(solana, payer, [
      getCreateAccountInstruction({
        payer,
        newAccount: account,
        lamports: lamports(rent),
        space: BigInt(getTokenSize()),
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeAccount3Instruction({ account: account.address, mint, owner: payer.address }),
      // Approve (4) is not one of the screen's types: shown by program and its 1-byte selector.
      getApproveInstruction({
        source: account.address,
        delegate: await newAddress(),
        owner: payer,
        amount: 1n,
      }),
    ]);
    const { instructions, signers } = await decodeLanded(wire);
    expect(signers).toEqual([payer.address, account.address]);
    expect(instructions).toEqual([
      {
        type: 'create-account',
        program: SYSTEM,
        fromAccount: payer.address,
        newAccount: account.address,
        lamports: rent,
        space: 165n,
        ownerProgram: TOKEN_PROGRAM_ADDRESS,
        withSeed: false,
      },
      {
        type: 'spl-init-account',
        program: TOKEN_PROGRAM_ADDRESS,
        account: account.address,
        mint,
        owner: payer.address,
      },
      { type: 'unknown', program: TOKEN_PROGRAM_ADDRESS, discriminator: '04' },
    ]);
  });

  it('decodes CreateAccountWithSeed and TransferWithSeed (source is the derived account)', async () => {
    const payer = await fundedSigner(solana);
    const recipient = await newAddress();
    const seed = 'latchkey-vault';
    const derived = await createAddressWithSeed({
      baseAddress: payer.address,
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      seed,
    });
    const wire = await buildSignedTransaction(solana, payer, [
      getCreateAccountWithSeedInstruction({
        payer,
        newAccount: derived,
        base: payer.address,
        seed,
        amount: lamports(3_000_000n),
        space: 0n,
        programAddress: SYSTEM_PROGRAM_ADDRESS,
      }),
      getTransferSolWithSeedInstruction({
        source: derived,
        baseAccount: payer,
        destination: recipient,
        amount: 1_000_000n,
        fromSeed: seed,
        fromOwner: SYSTEM_PROGRAM_ADDRESS,
      }),
      getAssignInstruction({
        account: (await generateKeyPairSigner()) as never,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
    ]);
    const { instructions } = await decodeLanded(wire);
    expect(solana.balance(recipient)).toBe(1_000_000n);
    expect(instructions).toEqual([
      {
        type: 'create-account',
        program: SYSTEM,
        fromAccount: payer.address,
        newAccount: derived,
        lamports: 3_000_000n,
        space: 0n,
        ownerProgram: SYSTEM,
        withSeed: true,
      },
      {
        type: 'sol-transfer',
        program: SYSTEM,
        fromAccount: derived,
        toAccount: recipient,
        lamports: 1_000_000n,
        withSeed: true,
      },
      // Assign (1): a system instruction the screen has no type for; its selector is a u32.
      { type: 'unknown', program: SYSTEM, discriminator: '01000000' },
    ]);
  });
});

describe('decodeSolanaTransaction: SPL token flows on the SVM', () => {
  it('decodes ATA creation and transferChecked, the receiver known from the creation', async () => {
    const authority = await fundedSigner(solana);
    const holder = await fundedSigner(solana);
    const receiver = await newAddress();
    const mint = await createTestMint(solana, authority, 6);
    const source = await fundTokenAccount(solana, authority, mint, holder.address, 9_000_000n);
    const destination = await associatedTokenAccount(receiver, mint);
    const wire = await buildSignedTransaction(solana, holder, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: holder, owner: receiver, mint }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: holder,
        amount: 2_500_000n,
        decimals: 6,
      }),
    ]);
    expect((await decodeLanded(wire)).instructions).toEqual([
      {
        type: 'ata-creation',
        program: ASSOCIATED_TOKEN_PROGRAM,
        payer: holder.address,
        associatedTokenAccount: destination,
        owner: receiver,
        mint,
        idempotent: true,
      },
      {
        type: 'spl-transfer',
        program: TOKEN_PROGRAM_ADDRESS,
        source,
        destination,
        authority: holder.address,
        amount: 2_500_000n,
        mint,
        decimals: 6,
        destinationOwner: receiver,
        checked: true,
      },
    ]);
  });

  it('takes the mint of a plain Transfer from the account the transaction creates', async () => {
    const authority = await fundedSigner(solana);
    const holder = await fundedSigner(solana);
    const receiver = await newAddress();
    const mint = await createTestMint(solana, authority, 0);
    const source = await fundTokenAccount(solana, authority, mint, holder.address, 10n);
    const destination = await associatedTokenAccount(receiver, mint);
    const wire = await buildSignedTransaction(solana, holder, [
      await getCreateAssociatedTokenInstructionAsync({ payer: holder, owner: receiver, mint }),
      getTransferInstruction({ source, destination, authority: holder, amount: 4n }),
    ]);
    const [creation, transfer] = (await decodeLanded(wire)).instructions;
    expect(creation).toMatchObject({
      type: 'ata-creation',
      idempotent: false,
      associatedTokenAccount: destination,
    });
    expect(transfer).toEqual({
      type: 'spl-transfer',
      program: TOKEN_PROGRAM_ADDRESS,
      source,
      destination,
      authority: holder.address,
      amount: 4n,
      mint,
      destinationOwner: receiver,
      checked: false,
    });

    // To an account that already exists the transaction alone does not tell the mint.
    const again = await buildSignedTransaction(solana, holder, [
      getTransferInstruction({ source, destination, authority: holder, amount: 1n }),
    ]);
    expect((await decodeLanded(again)).instructions[0]).not.toHaveProperty('mint');
  });

  it('decodes a wrapped-SOL round trip: create, fund, sync native, close', async () => {
    const wallet = await fundedSigner(solana);
    const wrapped = await associatedTokenAccount(wallet.address, NATIVE_MINT);
    const wire = await buildSignedTransaction(solana, wallet, [
      await getCreateAssociatedTokenInstructionAsync({
        payer: wallet,
        owner: wallet.address,
        mint: NATIVE_MINT,
      }),
      getTransferSolInstruction({ source: wallet, destination: wrapped, amount: lamports(50_000_000n) }),
      getSyncNativeInstruction({ account: wrapped }),
      getCloseAccountInstruction({ account: wrapped, destination: wallet.address, owner: wallet }),
    ]);
    expect((await decodeLanded(wire)).instructions).toEqual([
      expect.objectContaining({ type: 'ata-creation', associatedTokenAccount: wrapped, mint: NATIVE_MINT }),
      expect.objectContaining({ type: 'sol-transfer', toAccount: wrapped, lamports: 50_000_000n }),
      { type: 'spl-sync-native', program: TOKEN_PROGRAM_ADDRESS, account: wrapped },
      {
        type: 'spl-close-account',
        program: TOKEN_PROGRAM_ADDRESS,
        account: wrapped,
        destination: wallet.address,
        owner: wallet.address,
      },
    ]);
  });
});

describe('decodeSolanaTransaction: other programs', () => {
  /** An instruction for a program the SVM does not have: decoding only, never sent. */
  function call(program: string, accounts: Address[], data: number[]): Instruction {
    return {
      programAddress: address(program),
      accounts: accounts.map((entry) => ({ address: entry, role: AccountRole.WRITABLE })),
      data: Uint8Array.from(data),
    };
  }
  const u64 = (value: bigint) => {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigUint64(0, value, true);
    return [...bytes];
  };
  const u16 = (value: number) => [value & 0xff, value >> 8];
  async function accounts(count: number): Promise<Address[]> {
    return Promise.all(Array.from({ length: count }, () => newAddress()));
  }
  async function decodeOne(instruction: Instruction) {
    const payer = await newAddress();
    return decodeSolanaTransaction(buildUnsignedTransaction(solana, payer, [instruction])).instructions;
  }

  // Selectors from the programs' published IDLs; the decoder derives them from the names.
  const raydiumSwapBaseInput = [143, 190, 90, 218, 196, 30, 51, 222];
  const raydiumSwapBaseOutput = [55, 217, 98, 86, 163, 74, 180, 173];
  const jupiterSharedAccountsRoute = [193, 32, 155, 51, 65, 214, 156, 129];
  const jupiterExactOutRoute = [208, 51, 239, 151, 123, 43, 237, 92];
  const jupiterSharedAccountsExactOutRoute = [176, 209, 105, 168, 154, 125, 69, 62];
  const jupiterRoute = [229, 23, 203, 151, 122, 227, 173, 42];

  it('decodes Raydium CPMM swaps with their mints (accounts 10 and 11) and amounts', async () => {
    const keys = await accounts(13);
    const [program] = RAYDIUM_CPMM_PROGRAMS as [string];
    expect(
      await decodeOne(call(program, keys, [...raydiumSwapBaseInput, ...u64(1_000n), ...u64(990n)])),
    ).toEqual([
      {
        type: 'raydium-swap-base-input',
        program,
        mintIn: keys[10],
        mintOut: keys[11],
        amountIn: 1_000n,
        minimumAmountOut: 990n,
      },
    ]);
    expect(
      await decodeOne(call(program, keys, [...raydiumSwapBaseOutput, ...u64(2_000n), ...u64(500n)])),
    ).toEqual([
      {
        type: 'raydium-swap-base-output',
        program,
        mintIn: keys[10],
        mintOut: keys[11],
        maxAmountIn: 2_000n,
        amountOut: 500n,
      },
    ]);
    // Truncated arguments: not trusted, shown as a program call.
    expect(await decodeOne(call(program, keys, [...raydiumSwapBaseInput, ...u64(1n)]))).toEqual([
      { type: 'unknown', program, discriminator: '8fbe5adac41e33de' },
    ]);
  });

  it('decodes Jupiter shared-accounts and exact-out routes, reading amounts from the end', async () => {
    const keys = await accounts(13);
    const [program] = JUPITER_PROGRAMS as [string];
    // id u8, an empty route plan (u32 length 0), then the amounts, slippage and platform fee.
    const shared = [
      ...jupiterSharedAccountsRoute,
      3,
      ...[0, 0, 0, 0],
      ...u64(7_000n),
      ...u64(6_500n),
      ...u16(50),
      0,
    ];
    expect(await decodeOne(call(program, keys, shared))).toEqual([
      {
        type: 'jupiter-swap-shared-accounts-route',
        program,
        mintIn: keys[7],
        mintOut: keys[8],
        inAmount: 7_000n,
        quotedOutAmount: 6_500n,
        slippageBps: 50,
      },
    ]);
    const exactOut = [...jupiterExactOutRoute, ...[0, 0, 0, 0], ...u64(400n), ...u64(420n), ...u16(100), 0];
    expect(await decodeOne(call(program, keys, exactOut))).toEqual([
      {
        type: 'jupiter-swap-exact-out-route',
        program,
        mintIn: keys[5],
        mintOut: keys[6],
        outAmount: 400n,
        quotedInAmount: 420n,
        slippageBps: 100,
      },
    ]);
    const sharedExactOut = [
      ...jupiterSharedAccountsExactOutRoute,
      1,
      ...[0, 0, 0, 0],
      ...u64(9n),
      ...u64(10n),
      ...u16(1),
      0,
    ];
    expect(await decodeOne(call(program, keys, sharedExactOut))).toEqual([
      expect.objectContaining({
        type: 'jupiter-swap-exact-out-route',
        mintIn: keys[7],
        mintOut: keys[8],
        outAmount: 9n,
      }),
    ]);
    const route = [...jupiterRoute, ...[0, 0, 0, 0], ...u64(1n), ...u64(1n), ...u16(1), 0];
    expect(await decodeOne(call(program, keys, route))).toEqual([
      { type: 'unknown', program, discriminator: 'e517cb977ae3ad2a' },
    ]);
  });

  it('shows unknown programs by program and up to 8 selector bytes, and leaves compute-budget out', async () => {
    const memo = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
    const computeUnitPrice = call('ComputeBudget111111111111111111111111111111', [], [3, ...u64(1_000n)]);
    const payer = await newAddress();
    const wire = buildUnsignedTransaction(solana, payer, [
      computeUnitPrice,
      call(memo, [], [...new TextEncoder().encode('hello world')]),
      call(memo, [], [0xab]),
      call(SYSTEM, [payer, await newAddress()], [2, 0, 0, 0, 1, 2]),
    ]);
    expect(decodeSolanaTransaction(wire).instructions).toEqual([
      { type: 'unknown', program: memo, discriminator: '68656c6c6f20776f' },
      { type: 'unknown', program: memo, discriminator: 'ab' },
      // A system Transfer too short to hold its amount is not shown as a transfer.
      { type: 'unknown', program: SYSTEM, discriminator: '02000000' },
    ]);
  });
});
