import { StatusIcon } from '../../components/StatusIcon.tsx';

export interface FundStatusScreenProps {
  titleId: string;
  /** `lk-screen-fund-{provider}-status`. */
  provider: 'coinbase' | 'moonpay';
  /** The screen's phase, for tests (`data-status`). */
  status: string;
  done: boolean;
  title: string;
  detail: string;
}

/**
 * A card provider's status while the user is in its window (spec document 2 §2): a spinner and the
 * step, or the success mark once the funds arrived (the modal closes after 4 s by itself).
 */
export function FundStatusScreen({ titleId, provider, status, done, title, detail }: FundStatusScreenProps) {
  return (
    <section className="lk-screen" data-testid={`lk-screen-fund-${provider}-status`} data-status={status}>
      <div className="lk-center" role="status" aria-busy={!done}>
        {done ? <StatusIcon tone="success" /> : <span className="lk-spinner" aria-hidden="true" />}
        <h2 id={titleId} tabIndex={-1} data-testid="lk-fund-status-title">
          {title}
        </h2>
        <p className="lk-muted" data-testid="lk-fund-status-detail">
          {detail}
        </p>
      </div>
    </section>
  );
}
