import { StatusIcon } from '../../components/StatusIcon.tsx';
import { useSecondsLeft } from '../../components/useSecondsLeft.ts';
import { en } from '../../copy/en.ts';

export interface ErrorScreenProps {
  titleId: string;
  title: string;
  detail: string | null;
  cta: string;
  onAction(): void;
  /**
   * A limit that ends (too_many_requests): when (ms since the epoch; null when the server did not
   * say). While it runs the screen counts down and its button closes the modal; once over the
   * button is 'Try again' (`onAction`: back where the user was).
   */
  wait?: { until: number | null; onClose(): void } | undefined;
}

/** A failed step, mapped by spec document 2 §8 'Error screen mapping', with the way forward. */
export function ErrorScreen({ titleId, title, detail, cta, onAction, wait }: ErrorScreenProps) {
  const left = useSecondsLeft(wait?.until);
  // Unknown wait: 'Try again later' closes; a known one counts down, then offers 'Try again'.
  const waiting = wait !== undefined && (left === null || left > 0);
  const label = !wait ? cta : waiting ? en.close : en.tryAgain;
  const waitText = !wait ? null : left ? en.tryAgainIn(en.waitFor(left)) : left === null ? cta : null;
  return (
    <section className="lk-screen" data-testid="lk-screen-error">
      <div className="lk-center" role="alert">
        <StatusIcon tone="error" />
        <h2 id={titleId} tabIndex={-1} data-testid="lk-error-title">
          {title}
        </h2>
        {detail && (
          <p className="lk-muted" data-testid="lk-error-detail">
            {detail}
          </p>
        )}
      </div>
      {waitText && (
        // Outside the alert: the count changes every second and is not re-announced each time.
        <p className="lk-muted lk-center" data-testid="lk-error-wait">
          {waitText}
        </p>
      )}
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-error-retry"
          data-action={wait ? (waiting ? 'close' : 'back') : undefined}
          onClick={waiting ? wait.onClose : onAction}
        >
          {label}
        </button>
      </div>
    </section>
  );
}
