import type { CodeTarget } from '@latchkey/core/modal';
import { useEffect, useState } from 'react';
import { CodeInput, type CodeSubmitResult } from '../../components/CodeInput.tsx';
import { en } from '../../copy/en.ts';

/** 'Resend code' waits this long after each send (spec document 1 §9). */
export const resendCountdownSeconds = 30;

export interface CodeScreenProps {
  titleId: string;
  target: CodeTarget;
  onSubmit(code: string): Promise<CodeSubmitResult>;
  /** Sends a new code; false when it failed or the flow moved to another screen. */
  onResend(): Promise<boolean>;
}

/** 'Enter confirmation code': six boxes, resend with a countdown, 'Code sent' while it runs. */
export function CodeScreen({ titleId, target, onSubmit, onResend }: CodeScreenProps) {
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [resending, setResending] = useState(false);
  const remaining = Math.max(0, resendCountdownSeconds - Math.floor((now - sentAt) / 1000));

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [remaining]);

  async function resend() {
    setResending(true);
    try {
      if (await onResend()) {
        const at = Date.now();
        setSentAt(at);
        setNow(at);
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
      <CodeInput onComplete={onSubmit} labelledBy={titleId} />
      <div className="lk-resend">
        <span>{target.kind === 'email' ? en.noEmail : en.noMessage}</span>
        <button
          type="button"
          className="lk-btn-link"
          data-testid="lk-resend-code"
          disabled={remaining > 0 || resending}
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
