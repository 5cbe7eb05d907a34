import {
  createEmbeddedSolanaWallet,
  createSolanaRpcClient,
  defaultSolanaCluster,
  type EmbeddedSolanaWallet,
  EmbeddedWalletError,
  embeddedMessages,
  parseSolanaTransaction,
  type SolanaRpcClient,
  solanaCluster,
  solanaTransactionSigners,
  waitForSolanaSignature,
  withRecentBlockhash,
} from '../embedded/index.ts';
// From the package's entry, not from ui/ and errors.ts: so the signing chunks reach the same core
// modules as the modal's, and esbuild keeps those in one shared chunk of the first load instead of
// splitting it in two (190 B more gzip on every app's first load, measured with bench:bundle).
import { embeddedController } from '../index.ts';
import { isUserRejection, transactionFailure } from './failure.ts';
import { fundingEnabled } from './funding.ts';
import type { SolanaSigningOptions } from './parameters.ts';
import type { SigningUiOptions } from './queue.ts';
import {
  defaultSolanaConfirmHook,
  openSigning,
  type SigningContext,
  showWalletUIs,
  signingEmbeddedWallets,
} from './session.ts';
import { solanaFundingTarget, solanaMessageContent, solanaTransactionContent } from './solana-content.ts';

/**
 * Embedded Solana wallets with the confirmation screens: messages through 'Sign message',
 * transactions through 'Confirm transaction' (decoded instructions under 'Advanced'), a send
 * followed to its confirmation, and the error screen's 'Retry transaction'.
 */

const clustersOf = (ctx: SigningContext) =>
  ctx.config.solanaClusters?.length ? ctx.config.solanaClusters : [defaultSolanaCluster];

/**
 * The transaction on the cluster's latest blockhash, for a retry (spec document 2 §4 Solana transaction).
 * Only when the wallet is its one signer: a new blockhash voids every other signature.
 */
async function withFreshBlockhash(
  rpc: SolanaRpcClient,
  wire: Uint8Array,
  address: string,
): Promise<Uint8Array> {
  const signers = solanaTransactionSigners(parseSolanaTransaction(wire));
  if (signers.length !== 1 || signers[0] !== address) return wire;
  const { value } = await rpc.request<{ value: { blockhash: string } }>('getLatestBlockhash', [
    { commitment: 'confirmed' },
  ]);
  return withRecentBlockhash(wire, value.blockhash);
}

/** The core wallet at `address`, signing in the frame once the wallet is on this device. */
async function walletAt(ctx: SigningContext, address: string): Promise<EmbeddedSolanaWallet> {
  const embedded = await embeddedController(ctx.client).load();
  if (!embedded.list().some((w) => w.chainType === 'solana' && w.address === address))
    throw new EmbeddedWalletError('embedded_wallet_not_found', embeddedMessages.noWalletForAddress);
  await signingEmbeddedWallets(ctx, address);
  return createEmbeddedSolanaWallet({
    address,
    sign: (message) => embedded.signSolanaMessage(address, message),
    clusters: clustersOf(ctx),
    confirm: defaultSolanaConfirmHook(ctx),
  });
}

/** The confirm hook's way out after 'Add funds': the request runs again from its funds check. */
class FundsAdded extends Error {
  override name = 'FundsAdded' as const;
}

/** Whether `error` is, or was caused by, the confirm hook's FundsAdded (the wallet wraps it). */
function causedByFundsAdded(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof FundsAdded) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

const uiOf = (options: SolanaSigningOptions): SigningUiOptions => options.uiOptions ?? {};

/** Signs `message` (bytes) after the 'Sign message' screen, which closes 1.4 s after. */
export async function solanaSignMessage(
  ctx: SigningContext,
  address: string,
  message: Uint8Array,
  options: SolanaSigningOptions = {},
): Promise<Uint8Array> {
  const wallet = await walletAt(ctx, address);
  const ui = uiOf(options);
  if (!showWalletUIs(ctx, ui)) return wallet.signMessage(message, { confirm: null });
  const session = openSigning(ctx, { ui, signOnly: false });
  try {
    const signature = await wallet.signMessage(message, {
      confirm: async (request) => {
        await session.confirm(solanaMessageContent(request.message!));
      },
    });
    session.update({ stage: 'complete' });
    return signature;
  } catch (error) {
    session.finish();
    throw error;
  }
}

/** Signs a serialized transaction after the confirm screen; ends on 'Transaction signed!'. */
export async function solanaSignTransaction(
  ctx: SigningContext,
  address: string,
  transaction: Uint8Array,
  options: SolanaSigningOptions = {},
): Promise<Uint8Array> {
  const wallet = await walletAt(ctx, address);
  const ui = uiOf(options);
  const cluster = options.cluster;
  if (!showWalletUIs(ctx, ui)) return wallet.signTransaction(transaction, { confirm: null, cluster });
  const session = openSigning(ctx, { ui, signOnly: true });
  try {
    const signed = await wallet.signTransaction(transaction, {
      cluster,
      confirm: async (request) => {
        await session.confirm(solanaTransactionContent(request));
      },
    });
    session.update({ stage: 'complete' });
    return signed;
  } catch (error) {
    session.finish();
    throw error;
  }
}

/**
 * Checks funds, confirms, signs and sends a serialized transaction, then follows it until the
 * cluster confirms it ('Transaction complete!'). A failure shows the error screen; its retry runs
 * the request again.
 *
 * @example
 * const { signature } = await solanaSignAndSendTransaction(ctx, address, wire);
 */
export async function solanaSignAndSendTransaction(
  ctx: SigningContext,
  address: string,
  transaction: Uint8Array,
  options: SolanaSigningOptions = {},
): Promise<{ signature: string }> {
  const wallet = await walletAt(ctx, address);
  const ui = uiOf(options);
  const cluster = options.cluster;
  if (!showWalletUIs(ctx, ui)) return wallet.signAndSendTransaction(transaction, { confirm: null, cluster });
  const rpc = createSolanaRpcClient({ url: solanaCluster(clustersOf(ctx), cluster).rpcUrl });
  const fund = fundingEnabled(ctx.client.getState().appConfig);
  const session = openSigning(ctx, { ui, signOnly: false });
  let wire = transaction;
  for (;;) {
    let signature: string | null = null;
    try {
      ({ signature } = await wallet.signAndSendTransaction(wire, {
        cluster,
        confirm: async (request) => {
          const content = solanaTransactionContent(request);
          if (fund && content.insufficient)
            content.funding = await solanaFundingTarget(request).catch(() => null);
          // Funds arrived: the wallet simulates the transaction again (a fresh funds check).
          if ((await session.confirm(content)) === 'funded') throw new FundsAdded();
        },
      }));
      session.update({ hash: signature });
      await waitForSolanaSignature({ rpc, signature });
      session.update({ stage: 'complete' });
      return { signature };
    } catch (error) {
      if (causedByFundsAdded(error) && !session.closed) continue;
      if (isUserRejection(error) || session.closed) {
        session.finish();
        throw error;
      }
      if (!(await session.failed(transactionFailure(error, 'solana'), signature))) throw error;
      wire = await withFreshBlockhash(rpc, wire, address).catch(() => wire);
    }
  }
}
