import type { CodeLock, CodeTarget } from '@latchkey/core/modal';
import { useEffect, useState } from 'react';
import { CodeInput, type CodeSubmitResult } from '../../components/CodeInput.tsx';
import { useSecondsLeft } from '../../components/useSecondsLeft.ts';
import { en } from '../../copy/en.ts';

/** 'Resend code' waits this long after each send (spec document 1 §9). */
export const resendCountdownSeconds = 30;

export interface CodeScreenProps {
  titleId: string;
  target: CodeTarget;
  onSubmit(code: string): Promise<CodeSubmitResult>;
  /** Sends a new code; false when it failed or the flow moved to another screen. */
  onResend(): Promise<boolean>;
  /** Code entry already refused for this address when the screen opens (the flow's `lockOf`). */
  lock?: CodeLock | null;
}

/**
 * 'Enter confirmation code': six boxes, resend with a countdown, 'Code sent' while it runs. After
 * too many wrong codes: 'Too many incorrect attempts', the boxes disabled, and 'Resend code' once
 * the server's lock ends (a new code is then needed: the old ones are burnt).
 */
export function CodeScreen({
  titleId,
  target,
  onSubmit,
  onResend,
  lock: initialLock = null,
}: CodeScreenProps) {
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [resending, setResending] = useState(false);
  const [lock, setLock] = useState<CodeLock | null>(initialLock);
  const lockLeft = useSecondsLeft(lock?.retryAt);
  const remaining = lock ? 0 : Math.max(0, resendCountdownSeconds - Math.floor((now - sentAt) / 1000));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [remaining]);

  async function submit(code: string): Promise<CodeSubmitResult> {
    const result = await onSubmit(code);
    if (typeof result === 'object' && 'locked' in result) setLock(result.locked);
    return result;
  }

  async function resend() {
    setResending(true);
    try {
      if (await onResend()) {
        const at = Date.now();
        setSentAt(at);
        setNow(at);
        setLock(null);
      }
    } finally {
      setResending(false);
    }
  }

  return (
    <section className="lk-screen" data-testid="lk-screen-code">
      <h2 id={titleId} tabIndex={-1}>
        {en.enterCode}
      </h2>
      <p className="lk-muted">{target.kind === 'email' ? target.address : target.phoneNumber}</p>
      <CodeInput onComplete={submit} labelledBy={titleId} disabled={lock !== null} />
      {lock && (
        <div data-testid="lk-code-locked">
          <p className="lk-field-error" role="alert">
            {en.codeLocked}
          </p>
          <p className="lk-muted" data-testid="lk-code-locked-wait">
            {lockLeft ? en.codeLockedWait(en.waitFor(lockLeft)) : en.codeLockedReady}
          </p>
        </div>
      )}
      <div className="lk-resend">
        <span>{target.kind === 'email' ? en.noEmail : en.noMessage}</span>
        <button
          type="button"
          className="lk-btn-link"
          data-testid="lk-resend-code"
          disabled={remaining > 0 || resending || (lockLeft ?? 0) > 0}
          onClick={resend}
        >
          {en.resendCode}
        </button>
        {remaining > 0 && (
          <span className="lk-muted" data-testid="lk-resend-countdown" aria-hidden="true">
            {en.resendIn(remaining)}
          </span>
        )}
      </div>
      {remaining > 0 && (
        <p>
          <span className="lk-badge" data-testid="lk-code-sent" role="status">
            {en.codeSent}
          </span>
        </p>
      )}
    </section>
  );
}
