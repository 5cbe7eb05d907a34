export interface DelegationQuestionScreenProps {
  titleId: string;
  testId: string;
  title: string;
  body: string;
  acceptLabel: string;
  declineLabel: string;
  /** The action runs: the buttons wait, and the modal cannot be closed. */
  busy: boolean;
  onAccept(): void;
  onDecline(): void;
}

/** 'Enable offline access' (Accept / Not now) and 'Revoke offline access to wallet' (Confirm / Deny). */
export function DelegationQuestionScreen(props: DelegationQuestionScreenProps) {
  const { titleId, testId, title, body, acceptLabel, declineLabel, busy, onAccept, onDecline } = props;
  return (
    <section className="lk-screen" data-testid={testId} aria-busy={busy}>
      <div className="lk-center">
        <h2 id={titleId} tabIndex={-1}>
          {title}
        </h2>
        <p className="lk-muted">{body}</p>
      </div>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-delegation-accept"
          data-lk-autofocus
          disabled={busy}
          onClick={onAccept}
        >
          {busy ? <span className="lk-spinner" aria-hidden="true" /> : null}
          {acceptLabel}
        </button>
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-delegation-decline"
          disabled={busy}
          onClick={onDecline}
        >
          {declineLabel}
        </button>
      </div>
    </section>
  );
}
