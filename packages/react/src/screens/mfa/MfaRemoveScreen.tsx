import type { MfaMethod } from '@latchkey/protocol';
import { useState } from 'react';
import { en } from '../../copy/en.ts';
import { MfaError } from './MfaError.tsx';

/** The removal confirmation, once the user verified: Remove, or back to the list. */
export function MfaRemoveScreen({
  titleId,
  method,
  onRemove,
  onBack,
}: {
  titleId: string;
  method: MfaMethod;
  onRemove(): Promise<string | null>;
  onBack(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="lk-screen" data-testid="lk-screen-mfa-remove" data-method={method}>
      <h2 id={titleId} tabIndex={-1}>
        {en.mfa.removeTitle[method]}
      </h2>
      <p className="lk-muted">{en.mfa.removeText}</p>
      <MfaError error={error} />
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-mfa-remove-confirm"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              setError(await onRemove());
            } finally {
              setBusy(false);
            }
          }}
        >
          {en.mfa.remove}
        </button>
        <button type="button" className="lk-btn lk-btn-secondary" onClick={onBack}>
          {en.mfa.cancel}
        </button>
      </div>
    </section>
  );
}
