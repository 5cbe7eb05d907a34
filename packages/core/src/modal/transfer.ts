import {
  type AccountTransferRequired,
  accountTransferRequired,
  type TransferAccount,
} from '../flows/transfer.ts';
import type { ModalAuthMethod } from './navigation.ts';
import type { FlowRuntime } from './runtime.ts';
import { transferCloseMs } from './timings.ts';

declare module './screens.ts' {
  interface ModalScreens {
    /** A link refused with account_transfer_required: transfer the account, or not. */
    transfer: {
      name: 'transfer';
      account: TransferAccount;
      transfer: AccountTransferRequired;
      method: ModalAuthMethod;
    };
  }
}

export interface TransferFlow {
  /** A link refused because another user holds the account: offers the transfer screen. */
  offer(error: unknown, account: TransferAccount, method: ModalAuthMethod): boolean;
  /** 'Transfer': moves the account to this user (spec document 1 §4 Account transfer). */
  accept(): Promise<void>;
  /** Declining leaves the account with the other user: the link ends as refused. */
  decline(): void;
}

export function createTransferFlow(rt: FlowRuntime): TransferFlow {
  return {
    offer(error, account, method) {
      const transfer = rt.kind() === 'link' ? accountTransferRequired(error) : null;
      if (!transfer) return false;
      rt.navigate({ type: 'push', screen: { name: 'transfer', account, transfer, method } });
      return true;
    },
    async accept() {
      const screen = rt.top();
      if (screen?.name !== 'transfer') return;
      try {
        const user = await rt.client.transferAccount({
          account: screen.account,
          nonce: screen.transfer.nonce,
        });
        rt.host.report({ type: 'link-success', user, method: screen.method });
        rt.finishWithSuccess(false, transferCloseMs);
      } catch (error) {
        rt.showError(error);
      }
    },
    decline() {
      rt.reported = true;
      rt.emitError('linked_to_another_user');
      rt.close();
    },
  };
}
