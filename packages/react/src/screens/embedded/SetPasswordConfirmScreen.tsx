import { type FormEvent, useState } from 'react';
import { en } from '../../copy/en.ts';
import { SetPasswordActions } from './SetPasswordActions.tsx';
import { SetPasswordInput } from './SetPasswordInput.tsx';

export interface SetPasswordConfirmScreenProps {
  titleId: string;
  password: string;
  onContinue(): void;
  onCancel?: (() => void) | undefined;
}

/** Step 3 'Confirm your password': the same password typed again. */
export function SetPasswordConfirmScreen({
  titleId,
  password,
  onContinue,
  onCancel,
}: SetPasswordConfirmScreenProps) {
  const copy = en.embedded;
  const [value, setValue] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const matches = value === password;
  // A mismatch shows once the typing is as long as the password, or on submit.
  const error =
    !matches && value !== '' && (submitted || value.length >= password.length)
      ? copy.passwordsDoNotMatch
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (matches) onContinue();
  }

  return (
    <form className="lk-screen" data-testid="lk-screen-set-password-confirm" onSubmit={submit} noValidate>
      <h2 id={titleId} tabIndex={-1}>
        {copy.confirmPasswordTitle}
      </h2>
      <p className="lk-muted">{copy.confirmPasswordBody}</p>
      <div className="lk-stack">
        <SetPasswordInput
          label={copy.confirmPasswordLabel}
          value={value}
          onChange={setValue}
          error={error}
          testId="lk-password-confirm-input"
          autoComplete="new-password"
        />
      </div>
      <SetPasswordActions label={copy.continue} disabled={!matches} onCancel={onCancel} />
    </form>
  );
}
