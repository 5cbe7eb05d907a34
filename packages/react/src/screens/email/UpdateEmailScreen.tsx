import { EmailForm, type EmailFormProps } from '../../components/EmailForm.tsx';
import { en } from '../../copy/en.ts';

/** 'Update your email': a code goes to the new address, then the code screen replaces the old one. */
export function UpdateEmailScreen({
  titleId,
  current,
  ...form
}: EmailFormProps & { titleId: string; current: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-update-email">
      <h2 id={titleId} tabIndex={-1}>
        {en.updateEmail}
      </h2>
      <p className="lk-muted">{current}</p>
      <div className="lk-stack">
        <EmailForm {...form} autoFocus />
      </div>
    </section>
  );
}
