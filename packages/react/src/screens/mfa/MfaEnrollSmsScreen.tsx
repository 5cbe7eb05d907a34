import { useState } from 'react';
import { PhoneForm } from '../../components/PhoneForm.tsx';
import { en } from '../../copy/en.ts';
import { MfaError } from './MfaError.tsx';

/** SMS setup: the number the codes go to (an enrolment code is texted to it). */
export function MfaEnrollSmsScreen({
  titleId,
  defaultCountry,
  onSubmit,
}: {
  titleId: string;
  defaultCountry?: string | undefined;
  onSubmit(phoneNumber: string): Promise<string | null>;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="lk-screen" data-testid="lk-screen-mfa-enroll-sms">
      <h2 id={titleId} tabIndex={-1}>
        {en.mfa.smsSetupTitle}
      </h2>
      <p className="lk-muted">{en.mfa.smsSetupText}</p>
      <div className="lk-stack">
        <PhoneForm
          defaultCountry={defaultCountry}
          onSubmit={async (phoneNumber) => {
            setError(null);
            setError(await onSubmit(phoneNumber));
          }}
        />
      </div>
      <MfaError error={error} />
    </section>
  );
}
