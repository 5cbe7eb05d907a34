/** What the list editors (ListEditor, RowsEditor) share: a row's Remove button and the list's error. */

export function RemoveButton({ label, onRemove }: { label: string; onRemove(): void }) {
  return (
    <button type="button" className="secondary" aria-label={label} onClick={onRemove}>
      Remove
    </button>
  );
}

/** The server's message for the whole list (`Invalid <path>: …`), under it. */
export function ListError({ path, error }: { path: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <small className="error" role="alert" data-testid={`error-${path}`}>
      {error}
    </small>
  );
}
