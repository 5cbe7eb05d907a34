import { PhoneForm, type PhoneFormProps } from '../../components/PhoneForm.tsx';

/** Log in by SMS or WhatsApp: country and number. */
export function PhoneScreen({
  titleId,
  title,
  ...form
}: PhoneFormProps & { titleId: string; title: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-phone">
      <h2 id={titleId} tabIndex={-1}>
        {title}
      </h2>
      <PhoneForm {...form} />
    </section>
  );
}
