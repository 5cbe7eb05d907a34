import type { ModalScreensOf } from '@latchkey/core/modal';
import { CopyButton } from '../../components/CopyButton.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { ShortenedValue } from '../../components/ShortenedValue.tsx';
import { fundingCopy as s } from '../../copy/funding.ts';

export interface FundReceiveScreenProps {
  titleId: string;
  screen: ModalScreensOf<'fund-receive'>;
  /** 'Continue', offered once the balance grew. */
  onContinue(): void;
}

/** The QR code's side in pixels (the modal is 360 px wide). */
const qrSize = 200;

/**
 * Receive funds (spec document 1 §2, document 2 §2): the title and subtitle (the host may override
 * or blank them), the address as a QR code (the Solana USDC form names the mint), 'Make sure to send
 * funds on {network}.', the wallet card with copy, the live balance, and Continue once it grew.
 */
export function FundReceiveScreen({ titleId, screen, onContinue }: FundReceiveScreenProps) {
  const balance = screen.balance ?? '—';
  return (
    <section className="lk-screen" data-testid="lk-screen-fund-receive">
      <h2 id={titleId} tabIndex={-1} data-testid="lk-receive-title" hidden={!screen.title}>
        {screen.title}
      </h2>
      {screen.subtitle && <p className="lk-muted">{screen.subtitle}</p>}
      <div className="lk-center">
        <QrCode value={screen.qrValue} size={qrSize} label={s.qrLabel} testId="lk-receive-qr" />
      </div>
      <p className="lk-fund-notice" data-testid="lk-receive-notice">
        {screen.notice}
      </p>
      <div className="lk-card" data-testid="lk-receive-wallet">
        <ShortenedValue value={screen.address} />
        <CopyButton text={screen.address} label={s.copyAddress} testId="lk-receive-copy" />
      </div>
      <div className="lk-card" role="status" aria-live="polite" data-testid="lk-receive-balance">
        <span>{s.balance}</span>
        <span className="lk-amount" title={balance} data-testid="lk-receive-balance-value">
          {balance}
        </span>
      </div>
      {screen.funded && (
        <div className="lk-actions">
          <button
            type="button"
            className="lk-btn lk-btn-primary"
            data-testid="lk-receive-continue"
            data-lk-autofocus
            onClick={onContinue}
          >
            {s.continue}
          </button>
        </div>
      )}
    </section>
  );
}
