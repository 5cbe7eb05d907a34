import type { ModalScreensOf } from '@latchkey/core/modal';
import { fundingCopy as s } from '../../copy/funding.ts';

export interface FundTransferAmountScreenProps {
  titleId: string;
  screen: ModalScreensOf<'fund-transfer-amount'>;
  onChange(text: string): void;
  onContinue(): void;
}

/** 'Confirm or edit amount' (spec document 2 §5: digits and one decimal point; Continue only above 0). */
export function FundTransferAmountScreen({
  titleId,
  screen,
  onChange,
  onContinue,
}: FundTransferAmountScreenProps) {
  return (
    <form
      className="lk-screen"
      data-testid="lk-screen-fund-transfer-amount"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <h2 id={titleId} tabIndex={-1}>
        {s.confirmAmount}
      </h2>
      <p className="lk-muted">{screen.wallet.name}</p>
      <div className="lk-input-row">
        <input
          className="lk-input"
          inputMode="decimal"
          autoComplete="off"
          aria-label={s.amountLabel}
          data-testid="lk-fund-amount"
          data-lk-autofocus
          value={screen.amount}
          onChange={(event) => onChange(event.target.value)}
        />
        <span className="lk-muted">{screen.symbol}</span>
      </div>
      <div className="lk-actions">
        <button
          type="submit"
          className="lk-btn lk-btn-primary"
          data-testid="lk-fund-amount-continue"
          disabled={!screen.canContinue}
        >
          {s.continue}
        </button>
      </div>
    </form>
  );
}
