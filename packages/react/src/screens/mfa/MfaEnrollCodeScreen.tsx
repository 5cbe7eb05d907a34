import { useState } from 'react';
import { CodeInput } from '../../components/CodeInput.tsx';
import { en } from '../../copy/en.ts';
import { MfaError } from './MfaError.tsx';

/**
 * The enrolment's code: the one texted to the new number, or the authenticator app's current one. A
 * wrong code shakes the boxes and says so ('The code you entered is not valid').
 */
export function MfaEnrollCodeScreen({
  titleId,
  testId,
  text,
  onSubmit,
}: {
  titleId: string;
  testId: string;
  text: string;
  onSubmit(code: string): Promise<string | null>;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="lk-screen" data-testid={testId}>
      <h2 id={titleId} tabIndex={-1}>
        {en.mfa.enterCode}
      </h2>
      <p className="lk-muted">{text}</p>
      <CodeInput
        labelledBy={titleId}
        onComplete={async (code) => {
          setError(null);
          const problem = await onSubmit(code);
          setError(problem);
          return problem ? { message: '' } : 'left';
        }}
      />
      <MfaError error={error} />
    </section>
  );
}
