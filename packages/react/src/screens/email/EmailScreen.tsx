import { EmailForm, type EmailFormProps } from '../../components/EmailForm.tsx';

/** The email field behind 'Continue with Email' (when direct inputs are hidden). */
export function EmailScreen({
  titleId,
  title,
  ...form
}: EmailFormProps & { titleId: string; title: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-email">
      <h2 id={titleId} tabIndex={-1}>
        {title}
      </h2>
      <div className="lk-stack">
        <EmailForm {...form} autoFocus />
      </div>
    </section>
  );
}
