import {
  type Address,
  type AddressesByLookupTableAddress,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  type getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenInstructionAsync,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { SolanaRpc } from './solana-rpc.ts';

/** Test-side builders for real Solana transactions (with @solana/kit), sent to the litesvm RPC. */

export interface BuildOptions {
  version?: 'legacy' | 0;
  /** v0 only: accounts to load through these tables instead of listing them in the message. */
  lookupTables?: AddressesByLookupTableAddress;
  /** Defaults to the SVM's latest blockhash. */
  blockhash?: string;
}

/** A signer holding `amount` lamports on the SVM. */
export async function fundedSigner(solana: SolanaRpc, amount = 10_000_000_000n): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  solana.airdrop(signer.address, amount);
  return signer;
}

function message(
  solana: SolanaRpc,
  feePayer: TransactionSigner | Address,
  instructions: Instruction[],
  options: BuildOptions,
) {
  const base = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (tx) =>
      typeof feePayer === 'string'
        ? setTransactionMessageFeePayer(feePayer, tx)
        : setTransactionMessageFeePayerSigner(feePayer, tx),
    (tx) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(options.blockhash ?? solana.svm.latestBlockhash()), lastValidBlockHeight: 0n },
        tx,
      ),
    (tx) => appendTransactionMessageInstructions(instructions, tx),
  );
  if (!options.lookupTables) return base;
  if (base.version !== 0) throw new Error('address lookup tables need a v0 transaction');
  // kit widens the instruction types after compression; the message is otherwise the same shape.
  return compressTransactionMessageUsingAddressLookupTables(
    base as Parameters<typeof compressTransactionMessageUsingAddressLookupTables>[0],
    options.lookupTables,
  ) as unknown as typeof base;
}

/** A transaction signed by every signer its instructions carry, as wire bytes. */
export async function buildSignedTransaction(
  solana: SolanaRpc,
  feePayer: TransactionSigner,
  instructions: Instruction[],
  options: BuildOptions = {},
): Promise<Uint8Array> {
  const signed = await signTransactionMessageWithSigners(message(solana, feePayer, instructions, options));
  return new Uint8Array(getTransactionEncoder().encode(signed));
}

/** A transaction with empty (zero) signature slots, as a dapp hands it to a wallet for signing. */
export function buildUnsignedTransaction(
  solana: SolanaRpc,
  feePayer: Address,
  instructions: Instruction[],
  options: BuildOptions = {},
): Uint8Array {
  return new Uint8Array(
    getTransactionEncoder().encode(compileTransaction(message(solana, feePayer, instructions, options))),
  );
}

/** Sends wire bytes through the RPC (with preflight) and resolves once the status is finalized. */
export async function sendWireTransaction(solana: SolanaRpc, wire: Uint8Array): Promise<Signature> {
  const rpc = createSolanaRpc(solana.url);
  const base64 = Buffer.from(wire).toString('base64') as ReturnType<typeof getBase64EncodedWireTransaction>;
  const signature = await rpc.sendTransaction(base64, { encoding: 'base64' }).send();
  const { value } = await rpc.getSignatureStatuses([signature]).send();
  if (value[0]?.confirmationStatus !== 'finalized') throw new Error(`${signature} did not land`);
  if (value[0].err) throw new Error(`${signature} failed: ${JSON.stringify(value[0].err)}`);
  return signature;
}

/** A new SPL mint (Tokenkeg program) whose mint authority is `authority`. */
export async function createTestMint(
  solana: SolanaRpc,
  authority: KeyPairSigner,
  decimals: number,
): Promise<Address> {
  const mint = await generateKeyPairSigner();
  const space = BigInt(getMintSize());
  const wire = await buildSignedTransaction(solana, authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: lamports(solana.svm.minimumBalanceForRentExemption(space)),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority: authority.address }),
  ]);
  await sendWireTransaction(solana, wire);
  return mint.address;
}

/** The associated token account of `owner` for `mint`. */
export async function associatedTokenAccount(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return ata;
}

/** Creates `owner`'s associated token account for `mint` and mints `amount` base units into it. */
export async function fundTokenAccount(
  solana: SolanaRpc,
  authority: KeyPairSigner,
  mint: Address,
  owner: Address,
  amount: bigint,
): Promise<Address> {
  const ata = await associatedTokenAccount(owner, mint);
  const wire = await buildSignedTransaction(solana, authority, [
    await getCreateAssociatedTokenInstructionAsync({ payer: authority, owner, mint }),
    getMintToInstruction({ mint, token: ata, mintAuthority: authority, amount }),
  ]);
  await sendWireTransaction(solana, wire);
  return ata;
}

/**
 * Writes an active address lookup table holding `addresses` straight into the SVM (litesvm has no
 * slot clock to wait out a table's warm-up, so the table is created as if extended long ago).
 */
export async function createLookupTable(solana: SolanaRpc, addresses: Address[]): Promise<Address> {
  const table = (await generateKeyPairSigner()).address;
  // Lookup table state: u32 type (1 = table), u64 deactivation slot (max = active), u64 last
  // extended slot, u8 start index, Option<authority> (1 + 32), u16 padding; then the addresses.
  const data = new Uint8Array(56 + 32 * addresses.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true);
  view.setBigUint64(4, 2n ** 64n - 1n, true);
  addresses.forEach((entry, index) => {
    data.set(getAddressEncoder().encode(entry), 56 + 32 * index);
  });
  solana.svm.setAccount({
    address: table,
    lamports: lamports(solana.svm.minimumBalanceForRentExemption(BigInt(data.length))),
    data,
    programAddress: address('AddressLookupTab1e1111111111111111111111111'),
    executable: false,
    space: BigInt(data.length),
  });
  return table;
}
