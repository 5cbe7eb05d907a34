import { useState } from 'react';
import { en } from '../../copy/en.ts';

export interface TermsScreenProps {
  titleId: string;
  termsUrl: string | null;
  privacyUrl: string | null;
  onAccept(): Promise<void>;
  onDecline(): Promise<void>;
}

/** The terms gate after login: Accept, or 'No thanks' which logs out (spec document 1 §2, §4). */
export function TermsScreen({ titleId, termsUrl, privacyUrl, onAccept, onDecline }: TermsScreenProps) {
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="lk-screen" data-testid="lk-screen-terms">
      <div className="lk-center">
        <h2 id={titleId} tabIndex={-1}>
          {en.termsTitle}
        </h2>
        <p>{en.termsBody}</p>
        <div className="lk-links">
          {termsUrl && (
            <a href={termsUrl} target="_blank" rel="noopener noreferrer">
              {en.viewTerms}
            </a>
          )}
          {privacyUrl && (
            <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
              {en.viewPrivacy}
            </a>
          )}
        </div>
      </div>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-terms-accept"
          data-lk-autofocus
          disabled={busy}
          onClick={run(onAccept)}
        >
          {en.accept}
        </button>
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-terms-decline"
          disabled={busy}
          onClick={run(onDecline)}
        >
          {en.noThanks}
        </button>
      </div>
    </section>
  );
}
