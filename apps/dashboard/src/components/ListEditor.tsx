import { errorFor, getIn, useForm } from '../form.tsx';
import { ListError, RemoveButton } from './listParts.tsx';

/**
 * A list of strings edited as rows, add and remove (allowed domains, native app ids). `normalise`:
 * how the server will read a value (`localhost:3000` → `http://localhost:3000`); applied when the
 * input is left, and said under it while typing. `check`: what is wrong, in the server's words.
 */
export function ListEditor({
  path,
  label,
  hint,
  placeholder,
  addLabel,
  normalise,
  check,
}: {
  path: string;
  label: string;
  hint?: string;
  placeholder?: string;
  addLabel: string;
  normalise?(value: string): string;
  check?(value: string): string | null;
}) {
  const { draft, set, errors } = useForm();
  const value = getIn(draft, path);
  const items = Array.isArray(value) ? (value as string[]) : [];
  const error = errorFor(errors, path);
  const replace = (index: number, item: string) =>
    set(
      path,
      items.map((old, i) => (i === index ? item : old)),
    );
  return (
    <fieldset className="rows-editor" data-field={path}>
      <legend>{label}</legend>
      {hint && <small className="muted">{hint}</small>}
      {items.length === 0 && <p className="muted">None yet.</p>}
      <ol className="rows">
        {items.map((item, index) => {
          const read = normalise ? normalise(item) : item;
          const problem = item.trim() === '' ? null : check?.(read);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries may repeat while typed; the order is the identity
            <li key={index} className="row-item list-row">
              <input
                name={`${path}.${index}`}
                aria-label={`${label} ${index + 1}`}
                placeholder={placeholder}
                value={item}
                onChange={(e) => replace(index, e.target.value)}
                onBlur={() =>
                  read === ''
                    ? set(
                        path,
                        items.filter((_, i) => i !== index),
                      )
                    : replace(index, read)
                }
              />
              <RemoveButton
                label={`Remove ${item || `${label.toLowerCase()} ${index + 1}`}`}
                onRemove={() =>
                  set(
                    path,
                    items.filter((_, i) => i !== index),
                  )
                }
              />
              {read !== item && !problem && (
                <small className="muted row-problem" data-testid="normalised">
                  Saved as <code>{read}</code>
                </small>
              )}
              {problem && <small className="error row-problem">{problem}</small>}
            </li>
          );
        })}
      </ol>
      <button type="button" className="secondary" onClick={() => set(path, [...items, ''])}>
        {addLabel}
      </button>
      <ListError path={path} error={error} />
    </fieldset>
  );
}
