import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  type Address,
  address,
  type CompiledTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  type ReadonlyUint8Array,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit';
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';

/**
 * A real SVM (litesvm) behind a Solana JSON-RPC endpoint on 127.0.0.1, for tests that need Solana
 * transactions to land: `createSolanaRpc(url)` from @solana/kit and a wallet's own fetches work
 * against it. Everything is final as soon as it is sent (no slots pass), so every commitment level
 * answers alike. No websocket subscriptions: confirm by polling `getSignatureStatuses`.
 */
export interface SolanaRpc {
  url: string;
  /** The SVM itself, for what the RPC does not offer (`expireBlockhash()`, `setAccount()`, …). */
  svm: LiteSVM;
  /** Credits lamports by a transfer from the shim's faucet (as a validator's faucet does); returns its signature. */
  airdrop(address: string, lamports: bigint | number): string;
  /** The account's lamports, 0n when it does not exist. */
  balance(address: string): bigint;
  close(): Promise<void>;
}

class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** A token account's balance in a transaction's metadata (`preTokenBalances`, `postTokenBalances`). */
interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: { amount: string; decimals: number; uiAmount: number; uiAmountString: string };
}

/**
 * What the shim keeps about a transaction it processed, for statuses, `getTransaction` and
 * `getSignaturesForAddress`. Balances are of every account the transaction loads: its static keys,
 * then those loaded through lookup tables (writable, then read-only), as the RPC lists them.
 */
interface Landed {
  slot: bigint;
  /** Unix seconds when it landed (a validator's block time; litesvm's clock stands still). */
  blockTime: number;
  wire: Uint8Array;
  err: unknown;
  logs: string[];
  fee: bigint;
  unitsConsumed: bigint;
  version: 'legacy' | 0 | 1;
  loadedAddresses: { writable: Address[]; readonly: Address[] };
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const TOKEN_2022_PROGRAM: string = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
/** Programs the runtime bills 3,000 compute units by default instead of 200,000. */
const BUILTIN_PROGRAMS = new Set([
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  LOOKUP_TABLE_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
]);
const LAMPORTS_PER_SIGNATURE = 5000n;
const U64_MAX = 2n ** 64n - 1n;

// litesvm hands errors over as numbers and small classes; the RPC speaks Agave's JSON names.
const transactionErrorNames = (
  'AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee ' +
  'InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee ' +
  'InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ' +
  'ClusterMaintenance AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion ' +
  'InvalidWritableAccount WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit ' +
  'TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner ' +
  'InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount ' +
  'WouldExceedMaxVoteCostLimit WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ' +
  'ResanitizationNeeded InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ' +
  'ProgramCacheHitMaxLimit CommitCancelled'
).split(' ');
const instructionErrorNames = (
  'GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall ' +
  'InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized ' +
  'UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend ' +
  'ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ' +
  'ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged ' +
  'AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync ' +
  'InvalidError ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt ' +
  'UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded ' +
  'InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation ' +
  'ProgramEnvironmentSetupFailure ProgramFailedToComplete ProgramFailedToCompile Immutable ' +
  'IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar ' +
  'IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded ' +
  'MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError'
).split(' ');

type LitesvmError = ReturnType<FailedTransactionMetadata['err']>;

function instructionErrorJson(error: unknown): unknown {
  if (typeof error === 'number') return instructionErrorNames[error] ?? `InstructionError${error}`;
  const fields = error as { code?: number; msg?: string };
  if (typeof fields.code === 'number') return { Custom: fields.code };
  return { BorshIoError: fields.msg ?? '' };
}

/** litesvm's transaction error as the JSON `err` of Agave's RPC (`"BlockhashNotFound"`, `{InstructionError:[0,{Custom:1}]}`). */
function transactionErrorJson(error: LitesvmError): unknown {
  if (typeof error === 'number') return transactionErrorNames[error] ?? `TransactionError${error}`;
  const name = error.constructor.name.replace(/^TransactionError/, '');
  if ('err' in error && typeof error.err === 'function')
    return { InstructionError: [(error as { index: number }).index, instructionErrorJson(error.err())] };
  if ('accountIndex' in error) return { [name]: { account_index: error.accountIndex } };
  if ('index' in error) return { [name]: error.index };
  return name;
}

/** A one-line description like the validator's preflight message. */
function describeError(err: unknown): string {
  if (err === 'BlockhashNotFound') return 'Blockhash not found';
  if (err === 'AccountNotFound') return 'Attempt to debit an account but found no record of a prior credit.';
  if (err === 'InsufficientFundsForFee') return 'Insufficient funds for fee';
  if (err === 'AlreadyProcessed') return 'This transaction has already been processed';
  if (err === 'SignatureFailure') return 'Transaction did not pass signature verification';
  if (typeof err === 'object' && err !== null && 'InstructionError' in err) {
    const [index, inner] = (err as { InstructionError: [number, unknown] }).InstructionError;
    const detail =
      typeof inner === 'object' && inner !== null && 'Custom' in inner
        ? `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}`
        : String(inner);
    return `Error processing Instruction ${index}: ${detail}`;
  }
  if (typeof err === 'object' && err !== null && 'InsufficientFundsForRent' in err) {
    const { account_index } = (err as { InsufficientFundsForRent: { account_index: number } })
      .InsufficientFundsForRent;
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`;
  }
  return JSON.stringify(err);
}

/**
 * The fee the runtime charges: 5,000 lamports per signature plus the priority fee (compute-unit
 * price × limit). Without an explicit limit the runtime reserves 3,000 units per builtin
 * instruction and 200,000 per other instruction, capped at 1,400,000.
 */
function messageFee(message: CompiledTransactionMessage): bigint {
  const instructions = message.version === 1 ? [] : message.instructions;
  let limit: bigint | null = null;
  let microLamportsPerUnit = 0n;
  let defaultLimit = 0n;
  for (const instruction of instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex];
    const data = instruction.data ?? new Uint8Array();
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 2 && data.length >= 5)
      limit = BigInt(view.getUint32(1, true));
    if (program === COMPUTE_BUDGET_PROGRAM && data[0] === 3 && data.length >= 9)
      microLamportsPerUnit = view.getBigUint64(1, true);
    defaultLimit += program !== undefined && BUILTIN_PROGRAMS.has(program) ? 3_000n : 200_000n;
  }
  const units = limit ?? (defaultLimit > 1_400_000n ? 1_400_000n : defaultLimit);
  const priorityFee = (microLamportsPerUnit * units + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priorityFee;
}

function decodeWire(encoded: unknown, encoding: unknown): Uint8Array {
  if (typeof encoded !== 'string') throw new RpcError(-32602, 'Invalid params: expected an encoded string');
  if (encoding === 'base64') return new Uint8Array(Buffer.from(encoded, 'base64'));
  if (encoding === undefined || encoding === 'base58')
    return new Uint8Array(getBase58Encoder().encode(encoded));
  throw new RpcError(-32602, `Invalid params: unsupported encoding ${String(encoding)}`);
}

function decodeTransaction(wire: Uint8Array): Transaction {
  try {
    return getTransactionDecoder().decode(wire) as Transaction;
  } catch (error) {
    throw new RpcError(-32602, `invalid transaction: ${(error as Error).message}`);
  }
}

function decodeMessage(messageBytes: ReadonlyUint8Array): CompiledTransactionMessage {
  return getCompiledTransactionMessageDecoder().decode(messageBytes) as CompiledTransactionMessage;
}

function firstSignature(transaction: Transaction): string {
  const signature = Object.values(transaction.signatures)[0];
  return getBase58Decoder().decode(signature ?? new Uint8Array(64));
}

function isFailure(result: unknown): result is FailedTransactionMetadata {
  return result instanceof FailedTransactionMetadata;
}

/** Writes JSON with u64 values (bigints) as plain numbers, as the RPC does. */
function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `__u64__${v}` : v)).replace(
    /"__u64__(\d+)"/g,
    '$1',
  );
}

/** Parses JSON keeping integers above 2^53 exact (Node 24's reviver gets the source text). */
function parse(text: string): unknown {
  return JSON.parse(text, (_key, value, context?: { source?: string }) =>
    typeof value === 'number' &&
    !Number.isSafeInteger(value) &&
    context?.source &&
    /^\d+$/.test(context.source)
      ? BigInt(context.source)
      : value,
  );
}

function toBigInt(value: unknown, name: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return BigInt(value);
  throw new RpcError(-32602, `Invalid params: ${name} must be an unsigned integer`);
}

function toAddress(value: unknown): Address {
  try {
    return address(String(value));
  } catch {
    throw new RpcError(-32602, 'Invalid param: Invalid');
  }
}

export interface SolanaRpcOptions {
  /** The loopback port; 0 (the default) takes a free one. `npm start` uses the validator's usual 8899. */
  port?: number;
}

/** Starts litesvm and serves JSON-RPC for it on a loopback port. */
export async function startSolanaRpc(options: SolanaRpcOptions = {}): Promise<SolanaRpc> {
  // Native mint included, as on a real cluster (wrapped SOL).
  const svm = new LiteSVM().withNativeMints();
  // Stands in for the cluster's genesis hash: fixed for the life of this SVM.
  const genesisHash = svm.latestBlockhash();
  const landed = new Map<string, Landed>();
  /** Each account's signatures, oldest first (the ledger's address index). */
  const signaturesOf = new Map<string, string[]>();

  const slot = () => svm.getClock().slot;
  const context = () => ({ slot: slot(), apiVersion: '2.2.0' });
  const balance = (of: string) => svm.getBalance(address(of)) ?? 0n;

  // The faucet: a funded key of the shim's own, so an airdrop is a real transfer that lands like any
  // other (a validator's faucet does the same), and shows in `getSignaturesForAddress`.
  const faucetSeed = ed25519.utils.randomSecretKey();
  const faucet = address(getBase58Decoder().decode(ed25519.getPublicKey(faucetSeed)));
  svm.setAccount({
    address: faucet,
    lamports: lamports(2n ** 62n),
    data: new Uint8Array(),
    programAddress: address(SYSTEM_PROGRAM),
    executable: false,
    space: 0n,
  });

  function airdrop(to: string, amount: bigint | number): string {
    // System program Transfer: instruction 2 (u32 LE), then the lamports (u64 LE).
    const data = new Uint8Array(12);
    const view = new DataView(data.buffer);
    view.setUint32(0, 2, true);
    view.setBigUint64(4, BigInt(amount), true);
    const messageBytes = getCompiledTransactionMessageEncoder().encode({
      version: 'legacy',
      header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 },
      staticAccounts: [faucet, address(to), address(SYSTEM_PROGRAM)],
      lifetimeToken: svm.latestBlockhash(),
      instructions: [{ programAddressIndex: 2, accountIndices: [0, 1], data }],
    } as CompiledTransactionMessage);
    const wire = new Uint8Array(
      getTransactionEncoder().encode({
        messageBytes,
        signatures: { [faucet]: ed25519.sign(new Uint8Array(messageBytes), faucetSeed) as SignatureBytes },
      } as unknown as Transaction),
    );
    const transaction = decodeTransaction(wire);
    const preflight = simulate(transaction, true);
    if (isFailure(preflight))
      throw new Error(`airdrop to ${to} failed: ${JSON.stringify(transactionErrorJson(preflight.err()))}`);
    return land(transaction, wire);
  }

  /** The accounts a message loads through its lookup tables, as the runtime resolves them. */
  function loadedAddresses(message: CompiledTransactionMessage): Landed['loadedAddresses'] {
    const loaded: Landed['loadedAddresses'] = { writable: [], readonly: [] };
    if (message.version !== 0) return loaded;
    for (const lookup of message.addressTableLookups ?? []) {
      const table = svm.getAccount(lookup.lookupTableAddress);
      const data = table.exists ? (table.data as Uint8Array) : new Uint8Array();
      const at = (index: number) =>
        getBase58Decoder().decode(data.subarray(56 + 32 * index, 88 + 32 * index));
      loaded.writable.push(...lookup.writableIndexes.map((index) => address(at(index))));
      loaded.readonly.push(...lookup.readonlyIndexes.map((index) => address(at(index))));
    }
    return loaded;
  }

  /** The token accounts among `accounts`, with their balances now (a transaction's pre or post token balances). */
  function tokenBalances(accounts: readonly Address[]): TokenBalance[] {
    const balances: TokenBalance[] = [];
    accounts.forEach((of, accountIndex) => {
      const account = svm.getAccount(of);
      const data = account.exists ? (account.data as Uint8Array) : new Uint8Array();
      const program = account.exists ? account.programAddress : '';
      if (program !== TOKEN_PROGRAM_ADDRESS && program !== TOKEN_2022_PROGRAM) return;
      // A token account: 165 bytes, or more with Token-2022 extensions (account type 2 at byte 165).
      if (data.length < 165 || (data.length > 165 && data[165] !== 2)) return;
      const token = getTokenDecoder().decode(data.subarray(0, 165));
      const amount = tokenAmount(token.amount, mintDecimals(token.mint));
      balances.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: program,
        uiTokenAmount: amount,
      });
    });
    return balances;
  }

  /**
   * Runs a transaction on the SVM and keeps what the RPC reports of it: balances of every account
   * it loads before and after, its token balances, and each account's signature list.
   */
  function land(transaction: Transaction, wire: Uint8Array): string {
    const signature = firstSignature(transaction);
    const message = decodeMessage(transaction.messageBytes);
    const loaded = loadedAddresses(message);
    const accounts = [...message.staticAccounts, ...loaded.writable, ...loaded.readonly];
    const preBalances = accounts.map((of) => balance(of));
    const preTokenBalances = tokenBalances(accounts);
    let result: TransactionMetadata | FailedTransactionMetadata;
    try {
      result = svm.sendTransaction(transaction);
    } catch (error) {
      throw new RpcError(-32003, `Transaction signature verification failure: ${(error as Error).message}`);
    }
    const meta = isFailure(result) ? result.meta() : result;
    const err = isFailure(result) ? transactionErrorJson(result.err()) : null;
    // A transaction that never loads (stale blockhash, unpayable fee) leaves no trace on chain; a
    // validator would drop it silently after skipPreflight, the shim says so at once.
    if (
      err === 'BlockhashNotFound' ||
      err === 'AlreadyProcessed' ||
      err === 'AccountNotFound' ||
      err === 'InsufficientFundsForFee'
    )
      throw new RpcError(-32002, `Transaction simulation failed: ${describeError(err)}`, {
        err,
        logs: [],
      });
    landed.set(signature, {
      slot: slot(),
      blockTime: Math.floor(Date.now() / 1000),
      wire,
      err,
      logs: meta.logs(),
      fee: messageFee(message),
      unitsConsumed: meta.computeUnitsConsumed(),
      version: message.version,
      loadedAddresses: loaded,
      preBalances,
      postBalances: accounts.map((of) => balance(of)),
      preTokenBalances,
      postTokenBalances: tokenBalances(accounts),
    });
    for (const of of new Set(accounts)) {
      const list = signaturesOf.get(of);
      if (list) list.push(signature);
      else signaturesOf.set(of, [signature]);
    }
    return signature;
  }

  function encodeAccount(of: Address, encoding: unknown) {
    const account = svm.getAccount(of);
    if (!account.exists) return null;
    const base = {
      executable: account.executable,
      lamports: account.lamports,
      owner: account.programAddress,
      rentEpoch: U64_MAX,
      space: account.space,
    };
    const data = account.data as Uint8Array;
    if (encoding === 'jsonParsed') {
      const parsed = parseAccountData(account.programAddress, data);
      if (parsed) return { ...base, data: parsed };
    }
    if (encoding === 'base58') return { ...base, data: [getBase58Decoder().decode(data), 'base58'] };
    return { ...base, data: [Buffer.from(data).toString('base64'), 'base64'] };
  }

  /** The `jsonParsed` form for token accounts, mints and lookup tables; null for anything else. */
  function parseAccountData(owner: string, data: Uint8Array) {
    if (owner === TOKEN_PROGRAM_ADDRESS || owner === TOKEN_2022_PROGRAM) {
      const program = owner === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token';
      if (data.length === 82) {
        const mint = getMintDecoder().decode(data);
        return {
          program,
          space: data.length,
          parsed: {
            type: 'mint',
            info: {
              decimals: mint.decimals,
              supply: mint.supply.toString(),
              isInitialized: mint.isInitialized,
              mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
              freezeAuthority: mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
            },
          },
        };
      }
      if (data.length >= 165) {
        const token = getTokenDecoder().decode(data.subarray(0, 165));
        return {
          program,
          space: data.length,
          parsed: {
            type: 'account',
            info: {
              mint: token.mint,
              owner: token.owner,
              tokenAmount: tokenAmount(token.amount, mintDecimals(token.mint)),
              state: ['uninitialized', 'initialized', 'frozen'][token.state],
              isNative: token.isNative.__option === 'Some',
            },
          },
        };
      }
    }
    if (owner === LOOKUP_TABLE_PROGRAM && data.length >= 56) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      const addresses: string[] = [];
      for (let offset = 56; offset + 32 <= data.length; offset += 32)
        addresses.push(getBase58Decoder().decode(data.subarray(offset, offset + 32)));
      return {
        program: 'address-lookup-table',
        space: data.length,
        parsed: {
          type: 'lookupTable',
          info: {
            addresses,
            deactivationSlot: view.getBigUint64(4, true).toString(),
            lastExtendedSlot: view.getBigUint64(12, true).toString(),
            lastExtendedSlotStartIndex: data[20],
            authority: data[21] === 1 ? getBase58Decoder().decode(data.subarray(22, 54)) : undefined,
          },
        },
      };
    }
    return null;
  }

  function mintDecimals(mint: Address): number {
    const account = svm.getAccount(mint);
    if (!account.exists || (account.data as Uint8Array).length < 82) return 0;
    return getMintDecoder().decode(account.data as Uint8Array).decimals;
  }

  function tokenAmount(amount: bigint, decimals: number) {
    const text = amount.toString().padStart(decimals + 1, '0');
    const uiAmountString =
      decimals === 0
        ? text
        : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`.replace(/\.?0+$/, '') || '0';
    return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
  }

  /** Runs the transaction without committing it, with signature checks on or off. */
  function simulate(transaction: Transaction, sigVerify: boolean) {
    svm.withSigverify(sigVerify);
    try {
      return svm.simulateTransaction(transaction);
    } catch (error) {
      // kit's assertion that every signer signed, raised before litesvm runs anything.
      throw new RpcError(-32003, `Transaction signature verification failure: ${(error as Error).message}`);
    } finally {
      svm.withSigverify(true);
    }
  }

  function withBlockhash(transaction: Transaction, blockhash: string): Transaction {
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    const messageBytes = getCompiledTransactionMessageEncoder().encode({
      ...message,
      lifetimeToken: blockhash,
    } as typeof message);
    return { ...transaction, messageBytes } as unknown as Transaction;
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getGenesisHash: () => genesisHash,
    getSlot: () => slot(),
    getBlockHeight: () => slot(),
    getEpochInfo: () => {
      const clock = svm.getClock();
      return {
        absoluteSlot: clock.slot,
        blockHeight: clock.slot,
        epoch: clock.epoch,
        slotIndex: 0n,
        slotsInEpoch: 432_000n,
        transactionCount: BigInt(landed.size),
      };
    },
    getLatestBlockhash: () => ({
      context: context(),
      value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + 150n },
    }),
    isBlockhashValid: ([blockhash]) => ({ context: context(), value: blockhash === svm.latestBlockhash() }),
    getBalance: ([of]) => ({ context: context(), value: balance(toAddress(of)) }),
    getAccountInfo: ([of, config]) => ({
      context: context(),
      value: encodeAccount(toAddress(of), (config as { encoding?: string } | undefined)?.encoding),
    }),
    getMultipleAccounts: ([addresses, config]) => ({
      context: context(),
      value: (addresses as unknown[]).map((of) =>
        encodeAccount(toAddress(of), (config as { encoding?: string } | undefined)?.encoding),
      ),
    }),
    getMinimumBalanceForRentExemption: ([size]) =>
      svm.minimumBalanceForRentExemption(toBigInt(size ?? 0, 'size')),
    getFeeForMessage: ([encoded]) => {
      const message = decodeMessage(decodeWire(encoded, 'base64'));
      // Like the validator: no fee for a message whose blockhash is no longer valid.
      const current =
        'lifetimeToken' in message &&
        (message as { lifetimeToken: string }).lifetimeToken === svm.latestBlockhash();
      return { context: context(), value: current ? messageFee(message) : null };
    },
    requestAirdrop: ([to, amount]) => airdrop(String(toAddress(to)), toBigInt(amount, 'lamports')),
    getTokenAccountBalance: ([of]) => {
      const account = svm.getAccount(toAddress(of));
      if (!account.exists || (account.data as Uint8Array).length < 165)
        throw new RpcError(-32602, 'Invalid param: could not find account');
      const token = getTokenDecoder().decode((account.data as Uint8Array).subarray(0, 165));
      return { context: context(), value: tokenAmount(token.amount, mintDecimals(token.mint)) };
    },
    getTokenAccountsByOwner: ([owner, filter, config]) => {
      const { mint, programId } = (filter ?? {}) as { mint?: string; programId?: string };
      const program = programId ?? TOKEN_PROGRAM_ADDRESS;
      const value = svm
        .getProgramAccounts(toAddress(program))
        .filter((account) => account.data.length >= 165)
        .filter((account) => {
          const token = getTokenDecoder().decode(account.data.subarray(0, 165));
          return token.owner === owner && (mint === undefined || token.mint === mint);
        })
        .map((account) => ({
          pubkey: account.address,
          account: encodeAccount(account.address, (config as { encoding?: string } | undefined)?.encoding),
        }));
      return { context: context(), value };
    },
    simulateTransaction: ([encoded, rawConfig]) => {
      const config = (rawConfig ?? {}) as {
        encoding?: string;
        sigVerify?: boolean;
        replaceRecentBlockhash?: boolean;
        accounts?: { addresses: string[]; encoding?: string };
      };
      if (config.sigVerify && config.replaceRecentBlockhash)
        throw new RpcError(-32602, 'sigVerify may not be used with replaceRecentBlockhash');
      let transaction = decodeTransaction(decodeWire(encoded, config.encoding));
      const replacementBlockhash = config.replaceRecentBlockhash
        ? { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + 150n }
        : undefined;
      if (replacementBlockhash) transaction = withBlockhash(transaction, replacementBlockhash.blockhash);
      const result = simulate(transaction, config.sigVerify === true);
      const meta = isFailure(result) ? result.meta() : result.meta();
      const accounts =
        config.accounts && !isFailure(result)
          ? config.accounts.addresses.map((of) => {
              const post = result.postAccounts().find((account) => account.address === of);
              const stored = post ?? null;
              if (!stored) return encodeAccount(toAddress(of), config.accounts?.encoding);
              return {
                executable: stored.executable,
                lamports: stored.lamports,
                owner: stored.programAddress,
                rentEpoch: U64_MAX,
                space: stored.space,
                data: [Buffer.from(stored.data).toString('base64'), 'base64'],
              };
            })
          : null;
      return {
        context: context(),
        value: {
          err: isFailure(result) ? transactionErrorJson(result.err()) : null,
          logs: meta.logs(),
          accounts,
          unitsConsumed: meta.computeUnitsConsumed(),
          returnData: null,
          innerInstructions: null,
          replacementBlockhash: replacementBlockhash ?? null,
        },
      };
    },
    sendTransaction: ([encoded, rawConfig]) => {
      const config = (rawConfig ?? {}) as { encoding?: string; skipPreflight?: boolean };
      const wire = decodeWire(encoded, config.encoding);
      const transaction = decodeTransaction(wire);
      if (!config.skipPreflight) {
        // Preflight, as the validator does: a failing transaction is refused and costs nothing.
        const preflight = simulate(transaction, true);
        if (isFailure(preflight)) {
          const err = transactionErrorJson(preflight.err());
          const meta = preflight.meta();
          throw new RpcError(-32002, `Transaction simulation failed: ${describeError(err)}`, {
            err,
            logs: meta.logs(),
            accounts: null,
            unitsConsumed: meta.computeUnitsConsumed(),
            returnData: null,
            innerInstructions: null,
            replacementBlockhash: null,
            loadedAccountsDataSize: 0,
          });
        }
      }
      return land(transaction, wire);
    },
    // Newest first, from `before` (exclusive; none found: nothing) back to `until` (exclusive), at
    // most `limit` (1–1,000, default 1,000), as Agave's ledger answers it.
    getSignaturesForAddress: ([of, rawConfig]) => {
      const config = (rawConfig ?? {}) as { limit?: unknown; before?: unknown; until?: unknown };
      const limit = config.limit === undefined || config.limit === null ? 1000 : Number(config.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw new RpcError(-32602, 'Invalid limit; max 1000');
      const newestFirst = [...(signaturesOf.get(String(toAddress(of))) ?? [])].reverse();
      let start = 0;
      if (config.before !== undefined && config.before !== null) {
        start = newestFirst.indexOf(String(config.before)) + 1;
        if (start === 0) return [];
      }
      const page: unknown[] = [];
      for (const signature of newestFirst.slice(start)) {
        if (signature === config.until || page.length === limit) break;
        const entry = landed.get(signature)!;
        page.push({
          signature,
          slot: entry.slot,
          err: entry.err,
          memo: null,
          blockTime: entry.blockTime,
          confirmationStatus: 'finalized',
        });
      }
      return page;
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: (signatures as string[]).map((signature) => {
        const entry = landed.get(signature);
        if (!entry) return null;
        return {
          slot: entry.slot,
          confirmations: null,
          err: entry.err,
          status: entry.err === null ? { Ok: null } : { Err: entry.err },
          confirmationStatus: 'finalized',
        };
      }),
    }),
    getTransaction: ([signature, rawConfig]) => {
      const config = (rawConfig ?? {}) as { encoding?: string; maxSupportedTransactionVersion?: number };
      const entry = landed.get(String(signature));
      if (!entry) return null;
      if (entry.version !== 'legacy' && (config.maxSupportedTransactionVersion ?? -1) < Number(entry.version))
        throw new RpcError(
          -32015,
          `Transaction version (${entry.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${entry.version}`,
        );
      const transaction = decodeTransaction(entry.wire);
      const message = decodeMessage(transaction.messageBytes);
      const body =
        config.encoding === 'base64'
          ? [Buffer.from(entry.wire).toString('base64'), 'base64']
          : {
              signatures: Object.values(transaction.signatures).map((s) =>
                getBase58Decoder().decode(s ?? new Uint8Array(64)),
              ),
              message: {
                accountKeys: message.staticAccounts,
                header: {
                  numRequiredSignatures: message.header.numSignerAccounts,
                  numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
                  numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
                },
                recentBlockhash: (message as { lifetimeToken?: string }).lifetimeToken,
                instructions:
                  message.version === 1
                    ? []
                    : message.instructions.map((instruction) => ({
                        programIdIndex: instruction.programAddressIndex,
                        accounts: instruction.accountIndices ?? [],
                        data: getBase58Decoder().decode(instruction.data ?? new Uint8Array()),
                        stackHeight: null,
                      })),
                ...(message.version === 0
                  ? {
                      addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
                        accountKey: lookup.lookupTableAddress,
                        writableIndexes: lookup.writableIndexes,
                        readonlyIndexes: lookup.readonlyIndexes,
                      })),
                    }
                  : {}),
              },
            };
      return {
        slot: entry.slot,
        blockTime: entry.blockTime,
        version: entry.version,
        transaction: body,
        meta: {
          err: entry.err,
          status: entry.err === null ? { Ok: null } : { Err: entry.err },
          fee: entry.fee,
          preBalances: entry.preBalances,
          postBalances: entry.postBalances,
          innerInstructions: [],
          logMessages: entry.logs,
          preTokenBalances: entry.preTokenBalances,
          postTokenBalances: entry.postTokenBalances,
          rewards: [],
          loadedAddresses: entry.loadedAddresses,
          computeUnitsConsumed: entry.unitsConsumed,
        },
      };
    },
  };

  function answer(request: unknown): unknown {
    const {
      id = null,
      method,
      params = [],
    } = (request ?? {}) as { id?: unknown; method?: unknown; params?: unknown };
    const handler = typeof method === 'string' ? methods[method] : undefined;
    if (!handler) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
    try {
      return { jsonrpc: '2.0', id, result: handler(Array.isArray(params) ? params : []) };
    } catch (error) {
      if (error instanceof RpcError)
        return {
          jsonrpc: '2.0',
          id,
          error: { code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) },
        };
      return {
        jsonrpc: '2.0',
        id,
        error: { code: -32603, message: `Internal error: ${(error as Error).message}` },
      };
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    // Browsers (the demo page, the wallet frame) call the RPC cross-origin.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    response.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'POST') return void response.writeHead(405).end();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: unknown;
      try {
        body = parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const reply =
        body === undefined
          ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
          : Array.isArray(body)
            ? body.map(answer)
            : answer(body);
      response.writeHead(200, { 'content-type': 'application/json' }).end(stringify(reply));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    svm,
    airdrop,
    balance,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
