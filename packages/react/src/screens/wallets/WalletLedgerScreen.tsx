import { en } from '../../copy/en.ts';

/** Phantom on Solana asks whether a Ledger is used. */
export function WalletLedgerScreen({
  titleId,
  onChoose,
}: {
  titleId: string;
  onChoose(ledger: boolean): void;
}) {
  return (
    <section className="lk-screen" data-testid="lk-screen-wallet-ledger">
      <h2 id={titleId} tabIndex={-1}>
        {en.ledgerQuestion}
      </h2>
      <div className="lk-stack">
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-phantom-ledger-yes"
          onClick={() => onChoose(true)}
        >
          {en.continueWithLedger}
        </button>
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-phantom-ledger-no"
          onClick={() => onChoose(false)}
        >
          {en.continueWithoutLedger}
        </button>
      </div>
    </section>
  );
}
