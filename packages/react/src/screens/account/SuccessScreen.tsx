import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';

/** Shown briefly before the modal closes itself. */
export function SuccessScreen({ titleId }: { titleId: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-success">
      <div className="lk-center" role="status">
        <StatusIcon tone="success" />
        <h2 id={titleId} tabIndex={-1}>
          {en.success}
        </h2>
      </div>
    </section>
  );
}
