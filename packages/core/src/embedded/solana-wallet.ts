import { LatchkeyClientError } from '../errors.ts';
import { embeddedMessages, ProviderRpcError } from './errors.ts';
import { analyzeSolanaTransaction, type SolanaTransactionAnalysis } from './solana/analyze-transaction.ts';
import { solanaSimulationHasFunds } from './solana/funds.ts';
import { createSolanaRpcClient, type SolanaRpcClient, SolanaRpcError, toBase64 } from './solana/rpc.ts';
import {
  assertTransactionContainsPublicKey,
  solanaTransactionMessageBytes,
  withSignature,
} from './solana/transaction.ts';

/** A Solana cluster the app sends transactions to (spec: cluster `{name, rpcUrl}`). */
export interface SolanaCluster {
  /** 'mainnet-beta', 'devnet', 'testnet', or the app's own name for a local cluster. */
  name: string;
  rpcUrl: string;
}

/** Spec document 2 §9: the default Solana cluster is mainnet-beta. */
export const defaultSolanaCluster: SolanaCluster = {
  name: 'mainnet-beta',
  rpcUrl: 'https://api.mainnet-beta.solana.com',
};

export const solanaInsufficientFundsMessage = 'Solana wallet has insufficient funds for this transaction.';

export type EmbeddedSolanaMethod = 'signMessage' | 'signTransaction' | 'signAndSendTransaction';

/** What a Solana confirmation screen is shown before anything is signed. */
export interface SolanaConfirmRequest {
  method: EmbeddedSolanaMethod;
  address: string;
  cluster: SolanaCluster;
  /** `signMessage`: the bytes to sign. */
  message?: Uint8Array | undefined;
  /** Transactions: the serialized transaction as the caller passed it. */
  transaction?: Uint8Array | undefined;
  /** Transactions: fee payer, fee, decoded instructions and (unless sign-only) whether the wallet can pay. */
  analysis?: SolanaTransactionAnalysis | undefined;
}

/** Resolves to go on; rejects (any reason) to refuse with 4001 'The user rejected the request.'. */
export type SolanaConfirmHook = (request: SolanaConfirmRequest) => Promise<void>;

export interface CreateEmbeddedSolanaWalletParameters {
  address: string;
  /** The wallet frame's ed25519 signature of `message` (`EmbeddedWallets.signSolanaMessage`). */
  sign(message: Uint8Array): Promise<Uint8Array>;
  /** The app's clusters; the first is the default. Default `[defaultSolanaCluster]`. */
  clusters?: readonly SolanaCluster[] | undefined;
  fetch?: typeof fetch | undefined;
  /** Awaited before every signature (the confirmation screens). */
  confirm?: SolanaConfirmHook | undefined;
}

export interface SolanaRequestOptions {
  /** Replaces the wallet's hook for this call; null signs without asking. */
  confirm?: SolanaConfirmHook | null | undefined;
  /** A configured cluster's name; default the first configured. */
  cluster?: string | undefined;
}

export interface EmbeddedSolanaWallet {
  readonly address: string;
  /** Signs arbitrary bytes (ed25519, 64 bytes). */
  signMessage(message: Uint8Array, options?: SolanaRequestOptions): Promise<Uint8Array>;
  /** Signs a serialized transaction in the wallet's signer slot; returns the transaction with it. */
  signTransaction(transaction: Uint8Array, options?: SolanaRequestOptions): Promise<Uint8Array>;
  /** Checks the wallet can pay, signs, and sends to the cluster; `signature` is the transaction id (base58). */
  signAndSendTransaction(
    transaction: Uint8Array,
    options?: SolanaRequestOptions,
  ): Promise<{ signature: string; signedTransaction: Uint8Array }>;
}

const insufficientFunds = (cause?: unknown) =>
  new LatchkeyClientError('insufficient_balance', solanaInsufficientFundsMessage, { cause });

/** Whether a refused send's preflight (`data: {err, logs}`) still shows the wallet able to pay. */
function preflightHasFunds(error: SolanaRpcError): boolean {
  const err = (error.data as { err?: unknown } | null)?.err;
  return err === undefined || solanaSimulationHasFunds({ err, logs: error.logs });
}

function isBytes(value: unknown): value is Uint8Array {
  return (
    value instanceof Uint8Array || (ArrayBuffer.isView(value) && value.constructor.name === 'Uint8Array')
  );
}

/** The configured cluster named `name` (default the first); an unknown name is refused. */
export function solanaCluster(clusters: readonly SolanaCluster[], name?: string): SolanaCluster {
  const cluster = name === undefined ? clusters[0] : clusters.find((c) => c.name === name);
  if (!cluster)
    throw new LatchkeyClientError('invalid_input', `Solana cluster ${String(name)} is not configured`);
  return cluster;
}

/**
 * An embedded Solana wallet: signatures in the wallet frame (after `confirm`), transactions read
 * and signed in place here (the frame signs the message bytes), and sent over the cluster's RPC.
 * A transaction must name the wallet ('Transaction does not contain public key …'); a send the
 * wallet cannot pay for fails with 'Solana wallet has insufficient funds for this transaction.'.
 *
 * @example
 * const wallet = createEmbeddedSolanaWallet({ address, sign: (m) => wallets.signSolanaMessage(address, m), clusters });
 * const { signature } = await wallet.signAndSendTransaction(wireTransaction);
 */
export function createEmbeddedSolanaWallet(
  params: CreateEmbeddedSolanaWalletParameters,
): EmbeddedSolanaWallet {
  const { address } = params;
  const clusters = params.clusters && params.clusters.length > 0 ? params.clusters : [defaultSolanaCluster];
  const rpcs = new Map<string, SolanaRpcClient>();
  const rpcFor = (cluster: SolanaCluster) => {
    let rpc = rpcs.get(cluster.rpcUrl);
    if (!rpc) {
      rpc = createSolanaRpcClient({ url: cluster.rpcUrl, ...(params.fetch ? { fetch: params.fetch } : {}) });
      rpcs.set(cluster.rpcUrl, rpc);
    }
    return rpc;
  };
  const hookFor = (options: SolanaRequestOptions) =>
    options.confirm === undefined ? params.confirm : options.confirm;

  async function confirmed(hook: SolanaConfirmHook, request: SolanaConfirmRequest) {
    try {
      await hook(request);
    } catch (error) {
      throw new ProviderRpcError(4001, embeddedMessages.userRejected, { cause: error });
    }
  }

  async function signInPlace(wire: Uint8Array): Promise<Uint8Array> {
    const signature = await params.sign(solanaTransactionMessageBytes(wire));
    return withSignature(wire, address, signature);
  }

  function checkTransaction(transaction: unknown): asserts transaction is Uint8Array {
    if (!isBytes(transaction))
      throw new LatchkeyClientError('invalid_input', 'Invalid transaction request', {
        details: 'the transaction must be its serialized bytes',
      });
    assertTransactionContainsPublicKey(transaction, address);
  }

  async function send(rpc: SolanaRpcClient, signed: Uint8Array): Promise<string> {
    try {
      return await rpc.request<string>('sendTransaction', [
        toBase64(signed),
        { encoding: 'base64', preflightCommitment: 'confirmed' },
      ]);
    } catch (error) {
      // A preflight refusal for want of lamports is the spec's insufficient-funds error.
      if (error instanceof SolanaRpcError && !preflightHasFunds(error)) throw insufficientFunds(error);
      throw error;
    }
  }

  return {
    address,

    async signMessage(message, options = {}) {
      if (!isBytes(message) || message.length === 0)
        throw new ProviderRpcError(-32602, embeddedMessages.emptyMessage);
      const hook = hookFor(options);
      if (hook)
        await confirmed(hook, {
          method: 'signMessage',
          address,
          cluster: solanaCluster(clusters, options.cluster),
          message,
        });
      return params.sign(message);
    },

    async signTransaction(transaction, options = {}) {
      checkTransaction(transaction);
      const hook = hookFor(options);
      if (hook) {
        const cluster = solanaCluster(clusters, options.cluster);
        // Sign-only: the screen shows what is signed; funds are not checked (spec document 2 §4 Solana transaction).
        const analysis = await analyzeSolanaTransaction({
          rpc: rpcFor(cluster),
          transaction,
          checkFunds: false,
        });
        await confirmed(hook, { method: 'signTransaction', address, cluster, transaction, analysis });
      }
      return signInPlace(transaction);
    },

    async signAndSendTransaction(transaction, options = {}) {
      checkTransaction(transaction);
      const cluster = solanaCluster(clusters, options.cluster);
      const rpc = rpcFor(cluster);
      const analysis = await analyzeSolanaTransaction({ rpc, transaction, checkFunds: true });
      const hook = hookFor(options);
      if (!hook && !analysis.hasFunds) throw insufficientFunds();
      if (hook) {
        try {
          await confirmed(hook, {
            method: 'signAndSendTransaction',
            address,
            cluster,
            transaction,
            analysis,
          });
        } catch (error) {
          // A screen that could not be approved for want of funds ends as that, not as a refusal.
          throw analysis.hasFunds ? error : insufficientFunds(error);
        }
      }
      const signedTransaction = await signInPlace(transaction);
      const signature = await send(rpc, signedTransaction);
      return { signature, signedTransaction };
    },
  };
}

export interface WaitForSolanaSignatureParameters {
  rpc: SolanaRpcClient;
  /** The transaction id (base58). */
  signature: string;
  /** Default 60 s. */
  timeoutMs?: number | undefined;
  /** Default 500 ms. */
  intervalMs?: number | undefined;
  delay?: ((ms: number) => Promise<void>) | undefined;
}

interface SignatureStatus {
  err: unknown;
  confirmationStatus?: 'processed' | 'confirmed' | 'finalized' | null;
}

/**
 * Polls `getSignatureStatuses` until the transaction is confirmed; a transaction that landed with
 * an error rejects with 'Transaction failed.' (its error in `details`), and so does one that is
 * still unknown at the timeout.
 *
 * @example
 * await waitForSolanaSignature({ rpc, signature });
 */
export async function waitForSolanaSignature({
  rpc,
  signature,
  timeoutMs = 60_000,
  intervalMs = 500,
  delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: WaitForSolanaSignatureParameters): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { value } = await rpc.request<{ value: (SignatureStatus | null)[] }>('getSignatureStatuses', [
      [signature],
      { searchTransactionHistory: true },
    ]);
    const status = value[0];
    if (status?.err !== null && status?.err !== undefined)
      throw new LatchkeyClientError('transaction_failure', 'Transaction failed.', {
        details: JSON.stringify(status.err),
      });
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    if (Date.now() >= deadline)
      throw new LatchkeyClientError('transaction_failure', 'Transaction failed.', {
        details: `transaction ${signature} was not confirmed in ${timeoutMs} ms`,
      });
    await delay(intervalMs);
  }
}
