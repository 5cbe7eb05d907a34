import { StatusIcon } from '../../components/StatusIcon.tsx';

export interface AccountNotFoundScreenProps {
  titleId: string;
  title: string;
  cta: string;
  onRetry(): void;
}

/** A login-only flow found no user (`user_does_not_exist`). */
export function AccountNotFoundScreen({ titleId, title, cta, onRetry }: AccountNotFoundScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-account-not-found">
      <div className="lk-center">
        <StatusIcon tone="error" />
        <h2 id={titleId} tabIndex={-1} data-testid="lk-error-title">
          {title}
        </h2>
      </div>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-error-retry"
          onClick={onRetry}
        >
          {cta}
        </button>
      </div>
    </section>
  );
}
