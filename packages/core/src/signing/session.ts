import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import type { ConfirmHook, EmbeddedWallets, SolanaCluster, SolanaConfirmHook } from '../embedded/index.ts';
// From the package's entry, not from ui/ and errors.ts: so the signing chunks reach the same core
// modules as the modal's, and esbuild keeps those in one shared chunk of the first load instead of
// splitting it in two (190 B more gzip on every app's first load, measured with bench:bundle).
import { embeddedController, embeddedWalletSettings } from '../index.ts';
import type { EmbeddedWalletsConfig } from '../ui/embedded-settings.ts';
import type { OpenModal } from '../ui/modal-task.ts';
import { type SigningSession, type SigningUiOptions, type SigningView, signingStore } from './queue.ts';

/**
 * What the signing calls need of the UI that hosts them (react's `<LatchkeyProvider>` value is
 * one): the client, the embedded-wallet and Solana settings, and a way to open the modal.
 */
export interface SigningContext {
  client: LatchkeyClient;
  config: {
    embeddedWallets?: EmbeddedWalletsConfig | undefined;
    /** The clusters embedded Solana wallets send to; the first is the default (mainnet-beta when unset). */
    solanaClusters?: readonly SolanaCluster[] | undefined;
  };
  openModal: OpenModal;
}

/**
 * Whether this request shows screens: the call's `uiOptions.showWalletUIs`, else the provider's
 * `embeddedWallets.showWalletUIs`; the app's `enforce_wallet_uis` keeps them on regardless.
 */
export function showWalletUIs(ctx: SigningContext, ui: SigningUiOptions | undefined): boolean {
  const app = ctx.client.getState().appConfig;
  if (app?.enforce_wallet_uis === true) return true;
  return ui?.showWalletUIs ?? embeddedWalletSettings(ctx.config.embeddedWallets, app).showWalletUIs;
}

/** Queues a signing session and opens the modal on it (unless it already shows one). */
export function openSigning(
  ctx: SigningContext,
  initial: Pick<SigningView, 'ui' | 'signOnly'> & Partial<SigningView>,
): SigningSession {
  const { session, first } = signingStore(ctx.client).open(initial);
  if (first) ctx.openModal('signing');
  return session;
}

/**
 * The hook every embedded provider awaits when the app calls it directly (viem, wagmi, `request`):
 * the confirm screen, closed again on approval (the provider signs or sends after it and keeps
 * the result to itself). The signing calls replace it per call with one that follows the request through.
 */
export function defaultConfirmHook(ctx: SigningContext): ConfirmHook {
  return async (request) => {
    if (!showWalletUIs(ctx, undefined)) return;
    const session = openSigning(ctx, { ui: {}, signOnly: request.method === 'eth_signTransaction' });
    try {
      const [{ messageContent, transactionContent }, { confirmPriced, fundingEnabled }] = await Promise.all([
        import('./ethereum-content.ts'),
        import('./funding.ts'),
      ]);
      const transaction = request.transaction;
      const fund = fundingEnabled(ctx.client.getState().appConfig);
      await confirmPriced(session, async () =>
        transaction === undefined
          ? messageContent(request)
          : transactionContent({ transaction, chain: request.chain, ui: {}, fundingEnabled: fund }),
      );
    } finally {
      session.finish();
    }
  };
}

/** The Solana counterpart, for embedded Solana wallets used without the signing calls' per-call options. */
export function defaultSolanaConfirmHook(ctx: SigningContext): SolanaConfirmHook {
  return async (request) => {
    if (!showWalletUIs(ctx, undefined)) return;
    const session = openSigning(ctx, { ui: {}, signOnly: request.method !== 'signAndSendTransaction' });
    try {
      const { solanaMessageContent, solanaTransactionContent } = await import('./solana-content.ts');
      await session.confirm(
        request.message ? solanaMessageContent(request.message) : solanaTransactionContent(request),
      );
    } finally {
      session.finish();
    }
  };
}

const installed = new WeakSet<EmbeddedWallets>();

/**
 * Installs the confirmation screens on the client's embedded wallets, once. Whoever first gets
 * the instance calls this (the signing calls do, through `signingEmbeddedWallets`).
 */
export function installSigningConfirm(embedded: EmbeddedWallets, ctx: SigningContext): void {
  if (installed.has(embedded)) return;
  installed.add(embedded);
  embedded.setConfirm(defaultConfirmHook(ctx));
}

/**
 * The client's embedded wallets, with the confirmation screens installed, and the wallet at
 * `address` on this device (recovered first when needed, with the password prompt for
 * 'user-passcode'): the HD wallets, or only that imported wallet.
 */
export async function signingEmbeddedWallets(ctx: SigningContext, address: string): Promise<EmbeddedWallets> {
  const embedded = await embeddedController(ctx.client).forWallet(address, ctx.openModal);
  installSigningConfirm(embedded, ctx);
  return embedded;
}
