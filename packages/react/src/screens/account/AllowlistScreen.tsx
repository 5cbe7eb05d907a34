import { StatusIcon } from '../../components/StatusIcon.tsx';

export interface AllowlistScreenProps {
  titleId: string;
  title: string;
  detail: string;
  cta: string;
  ctaLink: string | null;
  onTryAnother(): void;
}

/** Allowlist rejection, with the app's configured texts or the defaults. */
export function AllowlistScreen({
  titleId,
  title,
  detail,
  cta,
  ctaLink,
  onTryAnother,
}: AllowlistScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-allowlist">
      <div className="lk-center">
        <StatusIcon tone="error" />
        <h2 id={titleId} tabIndex={-1} data-testid="lk-error-title">
          {title}
        </h2>
        <p className="lk-muted" data-testid="lk-error-detail">
          {detail}
        </p>
      </div>
      <div className="lk-actions">
        {ctaLink ? (
          <a
            className="lk-btn lk-btn-primary"
            data-testid="lk-allowlist-cta"
            href={ctaLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            {cta}
          </a>
        ) : (
          <button
            type="button"
            className="lk-btn lk-btn-primary"
            data-testid="lk-allowlist-cta"
            onClick={onTryAnother}
          >
            {cta}
          </button>
        )}
      </div>
    </section>
  );
}
