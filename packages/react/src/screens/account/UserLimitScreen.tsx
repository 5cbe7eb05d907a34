import { StatusIcon } from '../../components/StatusIcon.tsx';

/** A development app that reached its user limit. */
export function UserLimitScreen({
  titleId,
  title,
  detail,
}: {
  titleId: string;
  title: string;
  detail: string;
}) {
  return (
    <section className="lk-screen" data-testid="lk-screen-user-limit">
      <div className="lk-center">
        <StatusIcon tone="error" />
        <h2 id={titleId} tabIndex={-1} data-testid="lk-error-title">
          {title}
        </h2>
        <p className="lk-muted" data-testid="lk-error-detail">
          {detail}
        </p>
      </div>
    </section>
  );
}
