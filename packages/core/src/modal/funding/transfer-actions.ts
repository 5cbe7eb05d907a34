import { transferNeedsBridge, transferRoute } from '../../funding/transfer-wallets.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { ModalScreensOf } from '../screens.ts';
import { type BridgeRun, runBridge } from './bridge.ts';
import { runSolanaBridge } from './bridge-from-solana.ts';
import type { FundingRun } from './providers.ts';
import { sendSolanaTransfer } from './solana-transfer.ts';
import type { FundingSettings, FundWalletTask } from './task.ts';
import { amountScreen, nextAmount, sendTransfer, transferSources, walletsScreen } from './transfer.ts';

/**
 * The Fund wallet modal's Transfer from wallet actions (`transfer.ts`), and the bridge they start
 * for a Solana wallet (`bridge.ts`). Part of the funding flow (`flow.ts`), which lends its state.
 */
export interface TransferActions {
  /** 'Transfer from wallet': the connected wallets. */
  wallets(): Promise<void>;
  /** 'More wallets': the rest of the list. */
  moreWallets(): void;
  /** A wallet of the list: 'Confirm or edit amount'. */
  pickWallet(address: string): void;
  /** The amount field changed: kept when it is digits and one decimal point (§5). */
  setAmount(text: string): void;
  /**
   * Continue (amount above 0): 'Confirm with {wallet}', the wallet sends, then 'Success!'. Across
   * chain types, the bridge: quotes, the chain's choice (from Ethereum), the wallet's confirmation,
   * the bridging.
   */
  confirmTransfer(): Promise<void>;
  /** The chain picked among the bridge's quotes. */
  chooseBridge(chainId: number): void;
}

export interface TransferActionsContext {
  rt: FlowRuntime;
  task(): FundWalletTask | null;
  settings(): FundingSettings | undefined;
  stopRun(): void;
  setRun(run: FundingRun): void;
  /** The transfer or the bridge succeeded. */
  succeeded(): void;
}

export function createTransferActions(ctx: TransferActionsContext): TransferActions {
  const { rt } = ctx;
  let bridge: BridgeRun | null = null;
  return {
    async wallets() {
      const current = ctx.task();
      if (!current) return;
      ctx.stopRun();
      const sources = await transferSources(rt, current);
      if (ctx.task() === current) rt.navigate({ type: 'push', screen: walletsScreen(sources) });
    },
    moreWallets() {
      const top = rt.top();
      if (top?.name === 'fund-transfer-wallets')
        rt.navigate({ type: 'replace', screen: { ...top, expanded: true } });
    },
    pickWallet(address) {
      const task = ctx.task();
      const top = rt.top();
      if (!task || top?.name !== 'fund-transfer-wallets') return;
      const row = [...top.rows, ...top.more].find((candidate) => candidate.wallet.address === address);
      if (row) rt.navigate({ type: 'push', screen: amountScreen(task, row.wallet, task.amount) });
    },
    setAmount(text) {
      const task = ctx.task();
      const top = rt.top();
      if (!task || top?.name !== 'fund-transfer-amount') return;
      rt.navigate({ type: 'replace', screen: amountScreen(task, top.wallet, nextAmount(top.amount, text)) });
    },
    async confirmTransfer() {
      const current = ctx.task();
      const top = rt.top();
      const amount = [...rt.stack()].reverse().find((screen) => screen.name === 'fund-transfer-amount');
      if (!current || amount?.name !== 'fund-transfer-amount' || !amount.canContinue) return;
      if (top?.name === 'fund-transfer-confirm' && top.status !== 'failed') return; // already sending
      // The route follows the source's and destination's chain types (spec document 2 §2).
      const route = transferRoute(amount.wallet.chainType, current.chain.chainType);
      if (transferNeedsBridge(route)) {
        ctx.stopRun();
        let pushed = false;
        const start = route === 'solana-to-ethereum' ? runSolanaBridge : runBridge;
        bridge = start({
          rt,
          task: current,
          settings: ctx.settings(),
          wallet: amount.wallet,
          amount: amount.amount,
          show(screen) {
            const shown = rt.top()?.name;
            if (!pushed) rt.navigate({ type: 'push', screen });
            else if (shown === 'fund-bridge-options' || shown === 'fund-bridge-progress')
              rt.navigate({ type: 'replace', screen });
            pushed = true;
          },
          succeeded: ctx.succeeded,
        });
        ctx.setRun(bridge);
        return;
      }
      const confirm = { name: 'fund-transfer-confirm' as const, wallet: amount.wallet, error: null };
      rt.navigate({
        type: top?.name === 'fund-transfer-confirm' ? 'replace' : 'push',
        screen: { ...confirm, status: 'confirm' },
      });
      let screen: ModalScreensOf<'fund-transfer-confirm'>;
      try {
        if (route === 'solana-to-solana') await sendSolanaTransfer(rt, current, amount.wallet, amount.amount);
        else await sendTransfer(rt, current, amount.wallet, amount.amount);
        screen = { ...confirm, status: 'success' };
      } catch (error) {
        screen = {
          ...confirm,
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        };
      }
      if (ctx.task() !== current || rt.top()?.name !== 'fund-transfer-confirm') return; // the user left
      rt.navigate({ type: 'replace', screen });
      if (screen.status === 'success') ctx.succeeded();
    },
    chooseBridge(chainId) {
      bridge?.choose(chainId);
    },
  };
}
