import { normaliseEmail } from '@latchkey/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { en } from '../copy/en.ts';
import { MailIcon } from '../icons/methods.tsx';
import { FieldError } from './FieldError.tsx';
import { RecentChip } from './RecentChip.tsx';

export interface EmailFormProps {
  /** The app's `disable_plus_emails`: a '+' blocks Submit (spec document 1 §5). */
  disallowPlus: boolean;
  onSubmit(email: string): Promise<void>;
  autoFocus?: boolean;
  recent?: boolean;
  /**
   * The text last typed (kept by the flow: Back from the code screen shows it again) and whether to
   * select it ('Use a different email'); `onDraft` hears every edit.
   */
  draft?: { value: string; select: boolean } | undefined;
  onDraft?(value: string): void;
}

/** The email field with its Submit button and the spec's validation texts. */
export function EmailForm({
  disallowPlus,
  onSubmit,
  autoFocus = false,
  recent = false,
  draft,
  onDraft,
}: EmailFormProps) {
  const [value, setValue] = useState(draft?.value ?? '');
  const input = useRef<HTMLInputElement>(null);
  const select = draft?.select ?? false;
  useEffect(() => {
    // After the modal's own autofocus (a frame later), so the selection is not lost to it.
    if (!select) return;
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, [select]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const plusBlocked = disallowPlus && value.includes('+');
  const message = plusBlocked ? en.plusEmailNotAllowed : error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (plusBlocked || busy || !value.trim()) return;
    let email: string;
    try {
      email = normaliseEmail(value);
    } catch {
      setError(en.invalidEmail);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(email);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="lk-field" onSubmit={submit} noValidate>
      <label className="lk-visually-hidden" htmlFor={inputId}>
        {en.emailLabel}
      </label>
      <div className="lk-input-row" data-invalid={message ? 'true' : undefined}>
        <MailIcon />
        <input
          ref={input}
          id={inputId}
          className="lk-input"
          data-testid="lk-email-input"
          data-lk-autofocus={autoFocus || undefined}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={en.emailPlaceholder}
          value={value}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
            onDraft?.(event.target.value);
          }}
        />
        {recent && <RecentChip />}
        <button
          type="submit"
          className="lk-submit"
          data-testid="lk-email-submit"
          disabled={!value.trim() || plusBlocked || busy}
        >
          {en.submit}
        </button>
      </div>
      <FieldError id={errorId} message={message} />
    </form>
  );
}
