import { useId } from 'react';
import { FieldError } from '../../components/FieldError.tsx';

export interface SetPasswordInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Shown under the field, and marks it invalid. */
  error: string | null;
  testId: string;
  autoComplete: 'new-password' | 'current-password';
}

/** A labelled password field with its inline error, for the password and recovery screens. */
export function SetPasswordInput({
  label,
  value,
  onChange,
  error,
  testId,
  autoComplete,
}: SetPasswordInputProps) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className="lk-field">
      <label className="lk-visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <div className="lk-input-row" data-invalid={error ? 'true' : undefined}>
        <input
          id={inputId}
          className="lk-input"
          data-testid={testId}
          data-lk-autofocus
          type="password"
          autoComplete={autoComplete}
          placeholder={label}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
