import { en } from '../../copy/en.ts';

export interface TransactionActionsProps {
  /** The balance is short: the warning shows ('Add funds on {network} …') and Approve is disabled. */
  insufficient: boolean;
  /** The network named in the warning. */
  network: string;
  /** Default 'Approve'. */
  buttonText?: string | undefined;
  cancellable: boolean;
  busy: boolean;
  onApprove(): void;
  onCancel(): void;
}

/** The foot of both confirm-transaction screens: the funds warning, Approve, and 'Not now' when cancellable. */
export function TransactionActions({
  insufficient,
  network,
  buttonText,
  cancellable,
  busy,
  onApprove,
  onCancel,
}: TransactionActionsProps) {
  const s = en.signingScreens;
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
          data-testid="lk-tx-approve"
          data-lk-autofocus
          disabled={busy || insufficient}
          onClick={onApprove}
        >
          {buttonText ?? s.approve}
        </button>
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
