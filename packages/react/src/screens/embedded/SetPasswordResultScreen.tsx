import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';

export interface SetPasswordResultScreenProps {
  titleId: string;
  ok: boolean;
  onClose(): void;
}

/** The password flow's end: 'Success' or 'Something went wrong', with Close. */
export function SetPasswordResultScreen({ titleId, ok, onClose }: SetPasswordResultScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-set-password-result" data-ok={String(ok)}>
      <div className="lk-center" role={ok ? 'status' : 'alert'}>
        <StatusIcon tone={ok ? 'success' : 'error'} />
        <h2 id={titleId} tabIndex={-1}>
          {ok ? en.success : en.somethingWentWrong}
        </h2>
      </div>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-password-close"
          data-lk-autofocus
          onClick={onClose}
        >
          {en.close}
        </button>
      </div>
    </section>
  );
}
