import { type FormEvent, useEffect, useState } from 'react';
import { en } from '../../copy/en.ts';
import { recoveryFileName } from './password.ts';
import { SetPasswordActions } from './SetPasswordActions.tsx';

/** 'Copied' shows this long after a copy (spec document 2 §9: copy confirmation 1.5 s). */
export const copiedMs = 1500;

export interface SetPasswordSaveScreenProps {
  titleId: string;
  password: string;
  appName: string;
  onContinue(): void;
  onCancel?: (() => void) | undefined;
}

/** Offers the browser a text file to save (a download link clicked from script). */
function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Step 2 'Save your password': the password, with Copy and Download. */
export function SetPasswordSaveScreen({
  titleId,
  password,
  appName,
  onContinue,
  onCancel,
}: SetPasswordSaveScreenProps) {
  const copy = en.embedded;
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedMs);
    return () => clearTimeout(timer);
  }, [copied]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onContinue();
  }

  return (
    <form className="lk-screen" data-testid="lk-screen-set-password-save" onSubmit={submit}>
      <h2 id={titleId} tabIndex={-1}>
        {copy.savePasswordTitle}
      </h2>
      <p className="lk-muted">{copy.savePasswordBody}</p>
      <div className="lk-stack">
        <code
          className="lk-input-row"
          data-testid="lk-password-value"
          style={{ fontFamily: 'ui-monospace,monospace', wordBreak: 'break-all' }}
        >
          {password}
        </code>
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-password-copy"
          onClick={() => {
            navigator.clipboard
              ?.writeText(password)
              .then(() => setCopied(true))
              .catch(() => undefined);
          }}
        >
          {copied ? copy.copied : copy.copy}
        </button>
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-password-download"
          onClick={() => downloadText(recoveryFileName(appName), copy.recoveryFile(appName, password))}
        >
          {copy.download}
        </button>
      </div>
      <SetPasswordActions label={copy.continue} disabled={false} onCancel={onCancel} />
    </form>
  );
}
