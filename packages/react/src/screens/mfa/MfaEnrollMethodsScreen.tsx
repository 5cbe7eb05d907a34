import type { MfaMethodOption } from '@latchkey/core/modal';
import type { MfaMethod } from '@latchkey/protocol';
import { useState } from 'react';
import { en } from '../../copy/en.ts';
import { MfaError } from './MfaError.tsx';

export interface MfaEnrollMethodsScreenProps {
  titleId: string;
  appName: string;
  methods: MfaMethodOption[];
  /** Set up (or, for passkeys, manage) a factor; resolves with the error to show. */
  onSelect(method: MfaMethod): Promise<string | null>;
  onRemove(method: MfaMethod): Promise<string | null>;
  onClose(): void;
}

/**
 * 'Choose a verification method': the factors the app offers, an 'Enabled' chip and a remove button
 * on those the user has; 'Add more security' when the app offers none.
 */
export function MfaEnrollMethodsScreen({
  titleId,
  appName,
  methods,
  onSelect,
  onRemove,
  onClose,
}: MfaEnrollMethodsScreenProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (action: () => Promise<string | null>) => async () => {
    setBusy(true);
    setError(null);
    try {
      setError(await action());
    } finally {
      setBusy(false);
    }
  };

  if (methods.length === 0)
    return (
      <section className="lk-screen" data-testid="lk-screen-mfa-enroll-methods" data-empty="true">
        <h2 id={titleId} tabIndex={-1}>
          {en.mfa.addMoreSecurity}
        </h2>
        <p className="lk-muted">{en.mfa.noMethods(appName)}</p>
        <div className="lk-actions">
          <button type="button" className="lk-btn lk-btn-primary" onClick={onClose}>
            {en.close}
          </button>
        </div>
      </section>
    );

  return (
    <section className="lk-screen" data-testid="lk-screen-mfa-enroll-methods" aria-busy={busy || undefined}>
      <h2 id={titleId} tabIndex={-1}>
        {en.mfa.chooseMethodTitle}
      </h2>
      <div className="lk-stack">
        {methods.map(({ method, enabled }) => (
          <div key={method} className="lk-mfa-row">
            <button
              type="button"
              className="lk-btn lk-mfa-method"
              data-testid={`lk-mfa-enroll-${method}`}
              data-enabled={enabled || undefined}
              // An SMS or authenticator factor the user has is only removed; passkeys are managed.
              disabled={busy || (enabled && method !== 'passkey')}
              onClick={run(() => onSelect(method))}
            >
              <span>{en.mfa.methods[method]}</span>
              {enabled && (
                <span className="lk-chip" data-testid={`lk-mfa-enabled-${method}`}>
                  {en.mfa.enabled}
                </span>
              )}
            </button>
            {enabled && (
              <button
                type="button"
                className="lk-btn lk-btn-secondary lk-mfa-remove"
                data-testid={`lk-mfa-remove-${method}`}
                disabled={busy}
                onClick={run(() => onRemove(method))}
              >
                {en.mfa.remove}
              </button>
            )}
          </div>
        ))}
      </div>
      <MfaError error={error} />
    </section>
  );
}
