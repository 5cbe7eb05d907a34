import type { SigningFailure } from '@latchkey/core/signing';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ShortenedValue } from '../../components/ShortenedValue.tsx';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';

export interface TransactionErrorScreenProps {
  titleId: string;
  failure: SigningFailure;
  /** The hash of a transaction that was sent (and reverted). */
  hash: string | null;
  /** `{hash}` stands for the hash. */
  explorerUrl: string | null;
  onRetry(): void;
}

/**
 * Spec document 1 §2 Transaction error screen: the error code, 'Please try again.', the message in
 * a box (at most 310 px high), the hash with copy and explorer link, 'Retry transaction'.
 */
export function TransactionErrorScreen({
  titleId,
  failure,
  hash,
  explorerUrl,
  onRetry,
}: TransactionErrorScreenProps) {
  const s = en.signingScreens;
  return (
    <section className="lk-screen" data-testid="lk-screen-transaction-error">
      <div className="lk-center" role="alert">
        <StatusIcon tone="error" />
        <h2 id={titleId} tabIndex={-1} data-testid="lk-tx-error-title">
          {failure.title}
        </h2>
        {failure.code && (
          <p className="lk-chip" data-testid="lk-tx-error-code">
            {failure.code}
          </p>
        )}
        <p className="lk-muted">{en.pleaseTryAgain}</p>
      </div>
      <pre className="lk-box" data-testid="lk-tx-error-message">
        {failure.message}
      </pre>
      {hash && (
        <div className="lk-card" data-testid="lk-tx-error-hash">
          <span className="lk-visually-hidden">{s.transactionHash}</span>
          <ShortenedValue value={hash} />
          <CopyButton text={hash} label={s.copy} testId="lk-tx-error-copy" />
          {explorerUrl && (
            <a href={explorerUrl.replace('{hash}', hash)} target="_blank" rel="noreferrer">
              {s.viewOnExplorer}
            </a>
          )}
        </div>
      )}
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-tx-error-retry"
          data-lk-autofocus
          onClick={onRetry}
        >
          {s.retryTransaction}
        </button>
      </div>
    </section>
  );
}
