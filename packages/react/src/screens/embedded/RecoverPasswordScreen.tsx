import { type FormEvent, useState } from 'react';
import { en } from '../../copy/en.ts';
import { SetPasswordInput } from './SetPasswordInput.tsx';

export interface RecoverPasswordScreenProps {
  titleId: string;
  /** Recovers the wallet with `password`; resolves with the error to show, or null when done. */
  onSubmit(password: string): Promise<string | null>;
  /**
   * `recover` (default): bring a wallet onto this device. `current`: the wallet's current password,
   * before a new one is set ('Continue', with Cancel).
   */
  purpose?: 'recover' | 'current';
  onCancel?: (() => void) | undefined;
}

/**
 * 'Enter your password': a 'user-passcode' wallet that is not on this device yet is recovered with
 * the user's password (spec document 1 §2 Recovery), or, before a new password, the current one is
 * checked. A wrong password shows inline.
 */
export function RecoverPasswordScreen({
  titleId,
  onSubmit,
  purpose = 'recover',
  onCancel,
}: RecoverPasswordScreenProps) {
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
      data-testid={purpose === 'current' ? 'lk-screen-current-password' : 'lk-screen-recover-password'}
      aria-busy={busy || undefined}
      onSubmit={submit}
      noValidate
    >
      <h2 id={titleId} tabIndex={-1}>
        {copy.enterPasswordTitle}
      </h2>
      <div className="lk-stack">
        {purpose === 'current' && <p className="lk-muted">{copy.currentPasswordBody}</p>}
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
        {purpose === 'recover' && (
          <button
            type="button"
            className="lk-btn-link"
            data-testid="lk-recover-why"
            aria-expanded={why}
            onClick={() => setWhy(!why)}
          >
            {copy.whyNecessary}
          </button>
        )}
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
          {purpose === 'current' ? copy.continue : copy.recoverAccount}
        </button>
        {onCancel && (
          <button
            type="button"
            className="lk-btn lk-btn-secondary"
            data-testid="lk-current-password-cancel"
            onClick={onCancel}
          >
            {copy.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
