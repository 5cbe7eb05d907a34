import { type FundingTarget, formatAmount } from '@latchkey/core/signing';
import { useEffect, useState } from 'react';
import { CopyButton } from '../../components/CopyButton.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { ShortenedValue } from '../../components/ShortenedValue.tsx';
import { en } from '../../copy/en.ts';
import { type BalanceWatch, watchBalance } from './balancePoll.ts';

export interface ReceiveFundsScreenProps {
  titleId: string;
  target: FundingTarget;
  /** 'Continue', offered once the balance grew. */
  onContinue(): void;
  onBack(): void;
}

/** The QR code's side in pixels (the modal is 360 px wide). */
const qrSize = 200;

/**
 * Spec document 2 §1 Receive funds: 'Receive {amount} {symbol}', the address as a QR code, 'Make
 * sure to send funds on {network}.', the wallet card with copy and the live balance (polled every
 * 2 s), and 'Continue' once the balance grows.
 */
export function ReceiveFundsScreen({ titleId, target, onContinue, onBack }: ReceiveFundsScreenProps) {
  const s = en.receiveFunds;
  const [watch, setWatch] = useState<BalanceWatch>({ balance: null, grew: false });
  useEffect(() => watchBalance({ read: target.balance, onChange: setWatch }), [target]);
  const amount = formatAmount(target.amount, target.decimals, '', target.decimals);
  const balance =
    watch.balance === null ? '—' : formatAmount(watch.balance, target.decimals, target.symbol, 3);
  return (
    <section className="lk-screen" data-testid="lk-screen-receive-funds">
      <h2 id={titleId} tabIndex={-1} data-testid="lk-receive-title">
        {s.title(amount, target.symbol)}
      </h2>
      <p className="lk-muted">{s.subtitle(target.network)}</p>
      <div className="lk-center">
        <QrCode value={target.address} size={qrSize} label={s.qrLabel} testId="lk-receive-qr" />
      </div>
      <p className="lk-warning" data-testid="lk-receive-notice">
        {s.notice(target.network)}
      </p>
      <div className="lk-card" data-testid="lk-receive-wallet">
        <ShortenedValue value={target.address} />
        <CopyButton text={target.address} label={s.copyAddress} testId="lk-receive-copy" />
      </div>
      <div className="lk-card" role="status" aria-live="polite" data-testid="lk-receive-balance">
        <span>{s.balance}</span>
        <span className="lk-amount" title={balance} data-testid="lk-receive-balance-value">
          {balance}
        </span>
      </div>
      {watch.grew && (
        <p className="lk-muted" data-testid="lk-receive-received">
          {s.received}
        </p>
      )}
      <div className="lk-actions">
        {watch.grew && (
          <button
            type="button"
            className="lk-btn lk-btn-primary"
            data-testid="lk-receive-continue"
            data-lk-autofocus
            onClick={onContinue}
          >
            {s.continue}
          </button>
        )}
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-receive-back"
          onClick={onBack}
        >
          {s.back}
        </button>
      </div>
    </section>
  );
}
