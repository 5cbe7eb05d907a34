import { CopyButton } from '../../components/CopyButton.tsx';
import { ShortenedValue } from '../../components/ShortenedValue.tsx';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';

export interface TransactionReceiptScreenProps {
  titleId: string;
  /** Only signed, not sent: 'Transaction signed!' and 'Close'. */
  signOnly: boolean;
  /** Default 'Transaction complete!' / 'Transaction signed!'. */
  title?: string | undefined;
  /** Default "You're all set." */
  description?: string | undefined;
  /** The transaction hash (or Solana signature) of a sent transaction. */
  hash: string | null;
  /** `{hash}` stands for the hash. */
  explorerUrl: string | null;
  onDone(): void;
}

/** Spec document 1 §2 Receipts: 'Transaction complete!' or 'Transaction signed!', then 'All Done' or 'Close'. */
export function TransactionReceiptScreen({
  titleId,
  signOnly,
  title,
  description,
  hash,
  explorerUrl,
  onDone,
}: TransactionReceiptScreenProps) {
  const s = en.signingScreens;
  return (
    <section className="lk-screen" data-testid="lk-screen-transaction-receipt">
      <div className="lk-center" role="status">
        <StatusIcon tone="success" />
        <h2 id={titleId} tabIndex={-1} data-testid="lk-receipt-title">
          {title ?? (signOnly ? s.transactionSigned : s.transactionComplete)}
        </h2>
        <p className="lk-muted">{description ?? s.allSet}</p>
        {hash && (
          <div className="lk-card" data-testid="lk-receipt-hash">
            <ShortenedValue value={hash} />
            <CopyButton text={hash} label={s.copy} testId="lk-receipt-copy" />
          </div>
        )}
        {hash && explorerUrl && (
          <a href={explorerUrl.replace('{hash}', hash)} target="_blank" rel="noreferrer">
            {s.viewOnExplorer}
          </a>
        )}
      </div>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-receipt-done"
          data-lk-autofocus
          onClick={onDone}
        >
          {signOnly ? en.close : s.allDone}
        </button>
      </div>
    </section>
  );
}
