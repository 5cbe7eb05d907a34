import { StatusIcon } from '../../components/StatusIcon.tsx';

export interface DelegationResultScreenProps {
  titleId: string;
  ok: boolean;
  title: string;
  detail: string;
}

/** The consent's or revocation's end, closed by the flow after 2.5 s. */
export function DelegationResultScreen({ titleId, ok, title, detail }: DelegationResultScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-delegation-result" data-ok={String(ok)}>
      <div className="lk-center" role={ok ? 'status' : 'alert'}>
        <StatusIcon tone={ok ? 'success' : 'error'} />
        <h2 id={titleId} tabIndex={-1}>
          {title}
        </h2>
        <p className="lk-muted">{detail}</p>
      </div>
    </section>
  );
}
