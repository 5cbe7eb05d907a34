import { type ReactNode, useId } from 'react';
import { en } from '../copy/en.ts';
import { StatusIcon } from './StatusIcon.tsx';

export interface ProviderStatusScreenProps {
  titleId: string;
  /** The screen's test id and its prefix for its parts (`lk-screen-oauth-status`, `lk-oauth-title`, …). */
  testId: 'oauth' | 'telegram' | 'farcaster' | 'farcaster-signer';
  status: 'verifying' | 'success' | 'failure';
  /** The provider's mark, shown while verifying. */
  icon: ReactNode;
  title: string;
  /** The line under the title (the failure's text on failure); none: no line. */
  detail: string | null;
  onRetry(): void;
}

/**
 * A login at a provider that left the page and came back (OAuth, Telegram), or waited on one (Farcaster): verifying, success, or
 * failure with Retry (spec document 1 §2 'OAuth status', 'Telegram'). The detail describes the status
 * region, so a screen reader reads both when the status changes.
 */
export function ProviderStatusScreen({
  titleId,
  testId,
  status,
  icon,
  title,
  detail,
  onRetry,
}: ProviderStatusScreenProps) {
  const detailId = useId();
  return (
    <section className="lk-screen" data-testid={`lk-screen-${testId}-status`} data-status={status}>
      <div
        className="lk-center"
        role={status === 'failure' ? 'alert' : 'status'}
        aria-busy={status === 'verifying'}
        aria-describedby={detail ? detailId : undefined}
      >
        {status === 'verifying' ? (
          <div className="lk-status-provider" aria-hidden="true">
            {icon}
          </div>
        ) : (
          <StatusIcon tone={status === 'success' ? 'success' : 'error'} />
        )}
        <h2 id={titleId} tabIndex={-1} data-testid={`lk-${testId}-title`}>
          {title}
        </h2>
        {detail && (
          <p id={detailId} className="lk-muted" data-testid={`lk-${testId}-detail`}>
            {detail}
          </p>
        )}
      </div>
      {status === 'failure' && (
        <div className="lk-actions">
          <button
            type="button"
            className="lk-btn lk-btn-primary"
            data-testid={`lk-${testId}-retry`}
            onClick={onRetry}
          >
            {en.retry}
          </button>
        </div>
      )}
    </section>
  );
}
