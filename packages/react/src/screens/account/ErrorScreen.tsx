import { StatusIcon } from '../../components/StatusIcon.tsx';

export interface ErrorScreenProps {
  titleId: string;
  title: string;
  detail: string | null;
  cta: string;
  onAction(): void;
}

/** A failed step, mapped by spec document 2 §8 'Error screen mapping', with a way back. */
export function ErrorScreen({ titleId, title, detail, cta, onAction }: ErrorScreenProps) {
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
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-error-retry"
          onClick={onAction}
        >
          {cta}
        </button>
      </div>
    </section>
  );
}
