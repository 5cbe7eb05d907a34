import { type MfaPasskeyOption, passkeysShownCollapsed } from '@latchkey/core/modal';
import { useEffect, useRef, useState } from 'react';
import { en } from '../../copy/en.ts';
import { MfaError } from './MfaError.tsx';

export interface MfaEnrollPasskeyScreenProps {
  titleId: string;
  passkeys: MfaPasskeyOption[];
  canAdd: boolean;
  onAdd(): Promise<string | null>;
  onSave(credentialIds: string[]): Promise<string | null>;
}

const dateText = (date: Date | null) =>
  date ? date.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' }) : '';

/**
 * 'Set up passkey verification': 'Your passkeys' (2 until 'View all'), each ticked when it verifies;
 * 'Add new passkey' (hidden at 5) adds one, ticked; Continue saves the ticked ones.
 */
export function MfaEnrollPasskeyScreen({
  titleId,
  passkeys,
  canAdd,
  onAdd,
  onSave,
}: MfaEnrollPasskeyScreenProps) {
  const [selected, setSelected] = useState<Set<string>>(() => {
    const enrolled = passkeys.filter((p) => p.enrolled);
    return new Set((enrolled.length > 0 ? enrolled : passkeys).map((p) => p.credentialId));
  });
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A passkey added here verifies too: tick each one that appears.
  const known = useRef(new Set(passkeys.map((p) => p.credentialId)));
  useEffect(() => {
    const fresh = passkeys.filter((p) => !known.current.has(p.credentialId));
    if (fresh.length === 0) return;
    for (const p of fresh) known.current.add(p.credentialId);
    setSelected((current) => new Set([...current, ...fresh.map((p) => p.credentialId)]));
  }, [passkeys]);

  const run = (action: () => Promise<string | null>) => async () => {
    setBusy(true);
    setError(null);
    try {
      setError(await action());
    } finally {
      setBusy(false);
    }
  };
  const shown = expanded ? passkeys : passkeys.slice(0, passkeysShownCollapsed);

  return (
    <section className="lk-screen" data-testid="lk-screen-mfa-enroll-passkey" aria-busy={busy || undefined}>
      <h2 id={titleId} tabIndex={-1}>
        {en.mfa.passkeySetupTitle}
      </h2>
      <p className="lk-muted">{en.mfa.passkeySetupText}</p>
      {passkeys.length > 0 && (
        <div className="lk-stack" data-testid="lk-mfa-passkeys" data-count={passkeys.length}>
          <div className="lk-muted">{en.mfa.yourPasskeys}</div>
          {shown.map((passkey) => (
            <label key={passkey.credentialId} className="lk-btn" data-testid="lk-mfa-passkey">
              <input
                type="checkbox"
                data-testid={`lk-mfa-passkey-${passkey.credentialId}`}
                checked={selected.has(passkey.credentialId)}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.target.checked) next.add(passkey.credentialId);
                  else next.delete(passkey.credentialId);
                  setSelected(next);
                }}
              />
              <span className="lk-grow">{passkey.name ?? en.mfa.unnamedPasskey}</span>
              <span className="lk-muted">{en.mfa.addedOn(dateText(passkey.addedAt))}</span>
            </label>
          ))}
          {!expanded && passkeys.length > passkeysShownCollapsed && (
            <button
              type="button"
              className="lk-btn-link"
              data-testid="lk-mfa-passkeys-view-all"
              onClick={() => setExpanded(true)}
            >
              {en.mfa.viewAll}
            </button>
          )}
        </div>
      )}
      <MfaError error={error} />
      <div className="lk-actions">
        {canAdd && (
          <button
            type="button"
            className="lk-btn lk-btn-secondary"
            data-testid="lk-mfa-passkey-add"
            disabled={busy}
            onClick={run(onAdd)}
          >
            {en.mfa.addNewPasskey}
          </button>
        )}
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-mfa-passkey-save"
          disabled={busy || passkeys.length === 0}
          onClick={run(() =>
            onSave([...selected].filter((id) => passkeys.some((p) => p.credentialId === id))),
          )}
        >
          {en.mfa.continue}
        </button>
      </div>
    </section>
  );
}
