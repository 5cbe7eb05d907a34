import type { OAuthStatus } from '@latchkey/core/modal';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';
import { ProviderIcon } from '../../icons/ProviderIcon.tsx';

export interface OAuthStatusScreenProps {
  titleId: string;
  provider: string;
  /** The provider's name as the modal shows it. */
  name: string;
  iconUrl: string | null;
  status: OAuthStatus;
  /** The failure's text (failure only). */
  detail: string | null;
  onRetry(): void;
}

/** An OAuth attempt: verifying, success, or failure with Retry (spec document 1 §2 'OAuth status'). */
export function OAuthStatusScreen({
  titleId,
  provider,
  name,
  iconUrl,
  status,
  detail,
  onRetry,
}: OAuthStatusScreenProps) {
  const title =
    status === 'verifying'
      ? en.oauth.verifying(name)
      : status === 'success'
        ? en.oauth.connected(name)
        : en.somethingWentWrong;
  const body =
    status === 'verifying'
      ? en.oauth.verifyingDetail
      : status === 'success'
        ? en.oauth.connectedDetail
        : detail;
  return (
    <section className="lk-screen" data-testid="lk-screen-oauth-status" data-status={status}>
      <div
        className="lk-center"
        role={status === 'failure' ? 'alert' : 'status'}
        aria-busy={status === 'verifying'}
      >
        {status === 'verifying' ? (
          <div className="lk-status-provider" aria-hidden="true">
            <ProviderIcon provider={provider} iconUrl={iconUrl} />
          </div>
        ) : (
          <StatusIcon tone={status === 'success' ? 'success' : 'error'} />
        )}
        <h2 id={titleId} tabIndex={-1} data-testid="lk-oauth-title">
          {title}
        </h2>
        {body && (
          <p className="lk-muted" data-testid="lk-oauth-detail">
            {body}
          </p>
        )}
      </div>
      {status === 'failure' && (
        <div className="lk-actions">
          <button
            type="button"
            className="lk-btn lk-btn-primary"
            data-testid="lk-oauth-retry"
            onClick={onRetry}
          >
            {en.retry}
          </button>
        </div>
      )}
    </section>
  );
}
