import { LatchkeyClientError } from '../../errors.ts';
import { parseAddressLookupTable, parseMint, parseTokenAccount } from './accounts.ts';
import { decodeSolanaTransaction } from './decode-instructions.ts';
import type { DecodedInstruction, SplTransferInstruction } from './instruction-types.ts';
import { fromBase64, type SolanaRpcClient, toBase64, toU64 } from './rpc.ts';
import { simulateSolanaTransaction } from './simulate.ts';
import { parseSolanaTransaction, withRecentBlockhash } from './transaction.ts';

/** Spec document 1 §3 "Solana analysis": spender, fee, instructions, hasFunds. */
export interface SolanaTransactionAnalysis {
  /** The fee payer. */
  spender: string;
  /** The fee in lamports. */
  fee: bigint;
  instructions: DecodedInstruction[];
  /** False when a simulation shows the wallet cannot pay; true when funds were not checked. */
  hasFunds: boolean;
}

export interface AnalyzeSolanaTransactionParameters {
  rpc: SolanaRpcClient;
  /** The serialized transaction (signed or not). */
  transaction: Uint8Array;
  /** Simulate to check funds (spec: unless sign-only). */
  checkFunds: boolean;
}

type RpcAccount = { data: [string, string] } | null;

async function fetchAccounts(rpc: SolanaRpcClient, addresses: string[]): Promise<Map<string, Uint8Array>> {
  const found = new Map<string, Uint8Array>();
  if (addresses.length === 0) return found;
  const { value } = await rpc.request<{ value: RpcAccount[] }>('getMultipleAccounts', [
    addresses,
    { encoding: 'base64', commitment: 'confirmed' },
  ]);
  value.forEach((account, index) => {
    if (account) found.set(addresses[index]!, fromBase64(account.data[0]));
  });
  return found;
}

async function lookupTables(rpc: SolanaRpcClient, wire: Uint8Array): Promise<Record<string, string[]>> {
  const tables = parseSolanaTransaction(wire).addressTableLookups.map((lookup) => lookup.table);
  const accounts = await fetchAccounts(rpc, tables);
  const contents: Record<string, string[]> = {};
  for (const table of tables) {
    const addresses = accounts.has(table) ? parseAddressLookupTable(accounts.get(table)!) : null;
    if (!addresses)
      throw new LatchkeyClientError('invalid_input', 'Invalid transaction request', {
        details: `address lookup table ${table} was not found`,
      });
    contents[table] = addresses;
  }
  return contents;
}

/** The fee the node quotes; for a message whose blockhash has gone stale, quoted on a current one. */
async function transactionFee(rpc: SolanaRpcClient, wire: Uint8Array): Promise<bigint> {
  const quote = async (bytes: Uint8Array) =>
    (
      await rpc.request<{ value: unknown }>('getFeeForMessage', [
        toBase64(parseSolanaTransaction(bytes).messageBytes),
        { commitment: 'confirmed' },
      ])
    ).value;
  const fee = await quote(wire);
  if (fee !== null && fee !== undefined) return toU64(fee);
  const { value } = await rpc.request<{ value: { blockhash: string } }>('getLatestBlockhash', [
    { commitment: 'confirmed' },
  ]);
  const retried = await quote(withRecentBlockhash(wire, value.blockhash));
  return retried === null || retried === undefined ? 0n : toU64(retried);
}

/**
 * Reads the mint, the destination's wallet and the decimals of token transfers from the chain
 * when the transaction alone does not tell them.
 */
async function completeFromChain(rpc: SolanaRpcClient, instructions: DecodedInstruction[]) {
  const transfers = instructions.filter(
    (entry): entry is SplTransferInstruction => entry.type === 'spl-transfer',
  );
  const tokenAccounts = [
    ...new Set(
      transfers.flatMap((transfer) => [
        ...(transfer.mint && transfer.destinationOwner ? [] : [transfer.destination]),
        ...(transfer.mint ? [] : [transfer.source]),
      ]),
    ),
  ];
  const tokenData = await fetchAccounts(rpc, tokenAccounts);
  const parsed = new Map([...tokenData].map(([key, data]) => [key, parseTokenAccount(data)]));
  const withAccounts = transfers.map((transfer) => {
    const destination = parsed.get(transfer.destination);
    const mint = transfer.mint ?? destination?.mint ?? parsed.get(transfer.source)?.mint;
    const destinationOwner = transfer.destinationOwner ?? destination?.owner;
    return { ...transfer, ...(mint ? { mint } : {}), ...(destinationOwner ? { destinationOwner } : {}) };
  });
  const mints = [
    ...new Set(
      withAccounts.filter((transfer) => transfer.decimals === undefined && transfer.mint).map((t) => t.mint!),
    ),
  ];
  const mintData = await fetchAccounts(rpc, mints);
  const completed = withAccounts.map((transfer) => {
    if (transfer.decimals !== undefined || !transfer.mint) return transfer;
    const mint = mintData.has(transfer.mint) ? parseMint(mintData.get(transfer.mint)!) : null;
    return mint ? { ...transfer, decimals: mint.decimals } : transfer;
  });
  let next = 0;
  return instructions.map((entry) => (entry.type === 'spl-transfer' ? completed[next++]! : entry));
}

/**
 * Prepares a Solana transaction for the confirm screen: decodes its instructions (resolving
 * address lookup tables and token accounts on chain), quotes the fee and, unless sign-only,
 * simulates it to see whether the wallet can pay.
 *
 * @example
 * const analysis = await analyzeSolanaTransaction({ rpc, transaction: wire, checkFunds: true });
 * if (!analysis.hasFunds) showAddFunds();
 */
export async function analyzeSolanaTransaction({
  rpc,
  transaction,
  checkFunds,
}: AnalyzeSolanaTransactionParameters): Promise<SolanaTransactionAnalysis> {
  const addressLookupTables = await lookupTables(rpc, transaction);
  const decoded = decodeSolanaTransaction(transaction, { addressLookupTables });
  const [fee, simulation, instructions] = await Promise.all([
    transactionFee(rpc, transaction),
    // A simulation that cannot run does not block the request: the send reports the real error.
    checkFunds ? simulateSolanaTransaction(rpc, transaction).catch(() => undefined) : undefined,
    // Token details only improve the display; without them the transfer still shows.
    completeFromChain(rpc, decoded.instructions).catch(() => decoded.instructions),
  ]);
  return { spender: decoded.feePayer, fee, instructions, hasFunds: simulation?.hasFunds ?? true };
}
