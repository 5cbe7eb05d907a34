import { PhoneForm, type PhoneFormProps } from '../../components/PhoneForm.tsx';
import { en } from '../../copy/en.ts';

/** 'Update your phone number': a code goes to the new number, then the code screen replaces the old one. */
export function UpdatePhoneScreen({
  titleId,
  current,
  ...form
}: PhoneFormProps & { titleId: string; current: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-update-phone">
      <h2 id={titleId} tabIndex={-1}>
        {en.updatePhone}
      </h2>
      <p className="lk-muted">{current}</p>
      <div className="lk-stack">
        <PhoneForm {...form} />
      </div>
    </section>
  );
}
