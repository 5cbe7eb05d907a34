/** Inline validation or rejection text, announced to screen readers when it appears. */
export function FieldError({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="lk-field-error" data-testid="lk-field-error" role="alert">
      {message}
    </p>
  );
}
