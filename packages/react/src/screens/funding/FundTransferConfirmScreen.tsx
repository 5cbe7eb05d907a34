import type { ModalScreensOf } from '@latchkey/core/modal';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { fundingCopy as s } from '../../copy/funding.ts';

export interface FundTransferConfirmScreenProps {
  titleId: string;
  screen: ModalScreensOf<'fund-transfer-confirm'>;
  onRetry(): void;
}

/** 'Confirm with {wallet}' while the wallet asks, then 'Success!' (closes after 4 s) or the refusal with a retry. */
export function FundTransferConfirmScreen({ titleId, screen, onRetry }: FundTransferConfirmScreenProps) {
  const { status } = screen;
  const title =
    status === 'success'
      ? s.success
      : status === 'failed'
        ? s.transferFailed
        : s.confirmWith(screen.wallet.name);
  const detail =
    status === 'success' ? s.transferDone : status === 'failed' ? screen.error : s.transferDetail;
  return (
    <section className="lk-screen" data-testid="lk-screen-fund-transfer-confirm" data-status={status}>
      <div
        className="lk-center"
        role={status === 'failed' ? 'alert' : 'status'}
        aria-busy={status === 'confirm'}
      >
        {status === 'confirm' ? (
          <span className="lk-spinner" aria-hidden="true" />
        ) : (
          <StatusIcon tone={status === 'success' ? 'success' : 'error'} />
        )}
        <h2 id={titleId} tabIndex={-1} data-testid="lk-fund-transfer-title">
          {title}
        </h2>
        {detail && <p className="lk-muted">{detail}</p>}
      </div>
      {status === 'failed' && (
        <div className="lk-actions">
          <button
            type="button"
            className="lk-btn lk-btn-primary"
            data-testid="lk-fund-transfer-retry"
            onClick={onRetry}
          >
            {s.retry}
          </button>
        </div>
      )}
    </section>
  );
}
