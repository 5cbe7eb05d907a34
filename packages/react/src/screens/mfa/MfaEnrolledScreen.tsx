import type { MfaMethod } from '@latchkey/protocol';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';

/** A factor added ('Passkeys updated' for passkeys), with Done. */
export function MfaEnrolledScreen({
  titleId,
  method,
  onDone,
}: {
  titleId: string;
  method: MfaMethod;
  onDone(): void;
}) {
  return (
    <section className="lk-screen" data-testid="lk-screen-mfa-enrolled" data-method={method}>
      <div className="lk-center" role="status">
        <StatusIcon tone="success" />
        <h2 id={titleId} tabIndex={-1}>
          {en.mfa.enrolledTitle[method]}
        </h2>
      </div>
      <div className="lk-actions">
        <button type="button" className="lk-btn lk-btn-primary" data-testid="lk-mfa-done" onClick={onDone}>
          {en.mfa.done}
        </button>
      </div>
    </section>
  );
}
