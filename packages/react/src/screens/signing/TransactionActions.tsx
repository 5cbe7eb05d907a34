import type { BatchStep } from '@latchkey/core/signing';
import { en } from '../../copy/en.ts';

export interface TransactionActionsProps {
  /** The balance is short: the warning shows ('Add funds on {network} …'). */
  insufficient: boolean;
  /** The network named in the warning. */
  network: string;
  /** The app funds wallets: a short balance offers 'Add funds' instead of a disabled Approve. */
  canAddFunds: boolean;
  /** The request's place in a batch; null (or left out) for a single request. */
  step?: BatchStep | null | undefined;
  /** Default 'Approve'. */
  buttonText?: string | undefined;
  cancellable: boolean;
  busy: boolean;
  onApprove(): void;
  onCancel(): void;
  onContinue?(): void;
  onBack?(): void;
  onAddFunds?(): void;
}

/** What a confirm screen passes on to its actions (the rest comes from its content). */
export type ConfirmActionsProps = Omit<TransactionActionsProps, 'insufficient' | 'network' | 'canAddFunds'>;

/**
 * The foot of both confirm-transaction screens (spec document 2 §4 Ethereum transaction): a batch's
 * requests before the last read 'Continue' (only the last one sends), later ones add 'Back'. On the
 * approving screen a short balance turns Approve into 'Add funds' when the app funds wallets, and
 * disables it otherwise. 'Not now' shows when the request is cancellable.
 */
export function TransactionActions({
  insufficient,
  network,
  canAddFunds,
  step = null,
  buttonText,
  cancellable,
  busy,
  onApprove,
  onCancel,
  onContinue,
  onBack,
  onAddFunds,
}: TransactionActionsProps) {
  const s = en.signingScreens;
  const approving = !step || step.index === step.count - 1;
  // One primary button: 'Continue' before a batch's last request, 'Add funds' when short and the app
  // funds wallets, else Approve (disabled while the balance is short).
  const primary = !approving
    ? { testId: 'lk-tx-continue', label: s.continue, onClick: onContinue, disabled: busy }
    : insufficient && canAddFunds
      ? { testId: 'lk-tx-add-funds', label: s.addFunds, onClick: onAddFunds, disabled: busy }
      : {
          testId: 'lk-tx-approve',
          label: buttonText ?? s.approve,
          onClick: onApprove,
          disabled: busy || insufficient,
        };
  return (
    <>
      {insufficient && (
        <p className="lk-warning" role="alert" data-testid="lk-tx-insufficient">
          {s.addFundsOn(network)}
        </p>
      )}
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid={primary.testId}
          data-lk-autofocus
          disabled={primary.disabled}
          onClick={primary.onClick}
        >
          {primary.label}
        </button>
        {step && step.index > 0 && (
          <button
            type="button"
            className="lk-btn lk-btn-secondary"
            data-testid="lk-tx-back"
            disabled={busy}
            onClick={onBack}
          >
            {s.back}
          </button>
        )}
        {cancellable && (
          <button
            type="button"
            className="lk-btn lk-btn-secondary"
            data-testid="lk-tx-cancel"
            disabled={busy}
            onClick={onCancel}
          >
            {s.notNow}
          </button>
        )}
      </div>
    </>
  );
}
