import type { MfaUiError } from '@latchkey/core/modal';

/** A verification or enrolment failure under the screen's input, announced when it appears. */
export function MfaError({ error }: { error: MfaUiError | string | null }) {
  const message = typeof error === 'string' ? error : error?.message;
  if (!message) return null;
  return (
    <p
      className="lk-field-error"
      data-testid="lk-mfa-error"
      data-blocking={typeof error === 'object' && error?.blocking ? 'true' : undefined}
      role="alert"
    >
      {message}
    </p>
  );
}
