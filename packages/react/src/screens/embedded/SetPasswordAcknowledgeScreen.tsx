import { type FormEvent, useState } from 'react';
import { en } from '../../copy/en.ts';
import { SetPasswordActions } from './SetPasswordActions.tsx';

export interface SetPasswordAcknowledgeScreenProps {
  titleId: string;
  /** Saves the password (sets the recovery, or creates the wallet); the flow moves on by itself. */
  onConfirm(): Promise<void>;
  onCancel?: (() => void) | undefined;
}

/** Step 4 'Confirm you have saved': the acknowledgement box, then the password is put to use. */
export function SetPasswordAcknowledgeScreen({
  titleId,
  onConfirm,
  onCancel,
}: SetPasswordAcknowledgeScreenProps) {
  const copy = en.embedded;
  const [acknowledged, setAcknowledged] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!acknowledged || busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="lk-screen"
      data-testid="lk-screen-set-password-acknowledge"
      aria-busy={busy || undefined}
      onSubmit={submit}
    >
      <h2 id={titleId} tabIndex={-1}>
        {copy.confirmSavedTitle}
      </h2>
      <div className="lk-stack">
        <label style={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
          <input
            type="checkbox"
            data-testid="lk-password-acknowledge"
            data-lk-autofocus
            checked={acknowledged}
            disabled={busy}
            onChange={(event) => setAcknowledged(event.target.checked)}
            style={{ marginTop: 3 }}
          />
          <span>{copy.acknowledgement}</span>
        </label>
      </div>
      <SetPasswordActions
        label={copy.confirm}
        disabled={!acknowledged || busy}
        onCancel={busy ? undefined : onCancel}
      />
    </form>
  );
}
