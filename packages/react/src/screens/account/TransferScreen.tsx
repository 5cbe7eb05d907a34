import { useState } from 'react';
import { ShortenedValue } from '../../components/ShortenedValue.tsx';
import { isAddressOrHash } from '../../components/shortenMiddle.ts';
import { en } from '../../copy/en.ts';

export interface TransferScreenProps {
  titleId: string;
  /** The login method's label ('Email', 'Phone number', 'Wallet'). */
  method: string;
  /** The account as users know it: the address or number. */
  displayName: string;
  /** The other user's embedded wallet, whose assets stay with that user. */
  embeddedWalletAddress: string | null;
  onTransfer(): Promise<void>;
  onDecline(): void;
}

/**
 * Linking an account another user holds: move it here and delete that user, or keep things as
 * they are (spec document 1 §2 Account transfer).
 */
export function TransferScreen({
  titleId,
  method,
  displayName,
  embeddedWalletAddress,
  onTransfer,
  onDecline,
}: TransferScreenProps) {
  const [busy, setBusy] = useState(false);
  return (
    <section className="lk-screen" data-testid="lk-screen-transfer">
      <div className="lk-center">
        <h2 id={titleId} tabIndex={-1}>
          {en.transferTitle(method)}
        </h2>
        <p className="lk-chip" data-testid="lk-transfer-account">
          {isAddressOrHash(displayName) ? <ShortenedValue value={displayName} /> : displayName}
        </p>
        {embeddedWalletAddress && (
          <p className="lk-muted" role="note" data-testid="lk-transfer-assets">
            {en.transferCheckAssets}
            <br />
            <ShortenedValue value={embeddedWalletAddress} />
          </p>
        )}
      </div>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-transfer-confirm"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onTransfer();
            } finally {
              setBusy(false);
            }
          }}
        >
          {en.transferConfirm}
        </button>
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-transfer-decline"
          data-lk-autofocus
          disabled={busy}
          onClick={onDecline}
        >
          {en.noThanks}
        </button>
      </div>
    </section>
  );
}
