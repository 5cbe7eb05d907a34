import { type FormEvent, useState } from 'react';
import { en } from '../../copy/en.ts';
import { SetPasswordInput } from './SetPasswordInput.tsx';

export interface RecoverPasswordScreenProps {
  titleId: string;
  /** Recovers the wallet with `password`; resolves with the error to show, or null when done. */
  onSubmit(password: string): Promise<string | null>;
}

/**
 * 'Enter your password': a 'user-passcode' wallet that is not on this device yet is recovered with
 * the user's password (spec document 1 §2 Recovery). A wrong password shows inline.
 */
export function RecoverPasswordScreen({ titleId, onSubmit }: RecoverPasswordScreenProps) {
  const copy = en.embedded;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [why, setWhy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError(null);
    try {
      setError(await onSubmit(password));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="lk-screen"
      data-testid="lk-screen-recover-password"
      aria-busy={busy || undefined}
      onSubmit={submit}
      noValidate
    >
      <h2 id={titleId} tabIndex={-1}>
        {copy.enterPasswordTitle}
      </h2>
      <div className="lk-stack">
        <SetPasswordInput
          label={copy.passwordLabel}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setError(null);
          }}
          error={error}
          testId="lk-recover-password-input"
          autoComplete="current-password"
        />
        <button
          type="button"
          className="lk-btn-link"
          data-testid="lk-recover-why"
          aria-expanded={why}
          onClick={() => setWhy(!why)}
        >
          {copy.whyNecessary}
        </button>
        {why && (
          <p className="lk-muted" data-testid="lk-recover-why-body">
            {copy.whyNecessaryBody}
          </p>
        )}
      </div>
      <div className="lk-actions">
        <button
          type="submit"
          className="lk-btn lk-btn-primary"
          data-testid="lk-recover-submit"
          disabled={!password || busy}
        >
          {copy.recoverAccount}
        </button>
      </div>
    </form>
  );
}
