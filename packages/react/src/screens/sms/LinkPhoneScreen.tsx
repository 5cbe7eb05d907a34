import { PhoneForm, type PhoneFormProps } from '../../components/PhoneForm.tsx';
import { en } from '../../copy/en.ts';

/** 'Connect your phone': a code goes to the number, then the code screen links it. */
export function LinkPhoneScreen({ titleId, ...form }: PhoneFormProps & { titleId: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-link-phone">
      <h2 id={titleId} tabIndex={-1}>
        {en.connectPhone}
      </h2>
      <div className="lk-stack">
        <PhoneForm {...form} />
      </div>
    </section>
  );
}
