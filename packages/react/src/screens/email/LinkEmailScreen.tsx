import { EmailForm, type EmailFormProps } from '../../components/EmailForm.tsx';
import { en } from '../../copy/en.ts';

/** 'Connect your email': a code goes to the address, then the code screen links it. */
export function LinkEmailScreen({ titleId, ...form }: EmailFormProps & { titleId: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-link-email">
      <h2 id={titleId} tabIndex={-1}>
        {en.connectEmail}
      </h2>
      <div className="lk-stack">
        <EmailForm {...form} autoFocus />
      </div>
    </section>
  );
}
