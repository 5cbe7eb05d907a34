import { Fragment } from 'react';
import { type Draft, errorFor, getIn, setIn, useForm } from '../form.tsx';
import { ListError, RemoveButton } from './listParts.tsx';

/** A column of a rows editor: a field of each row (dotted for a nested one), and how it is typed. */
export interface RowColumn {
  key: string;
  label: string;
  kind?: 'text' | 'select' | 'check';
  /** A select's choices (the protocol's enums); a stored value outside them is kept as a choice. */
  options?: readonly string[];
  placeholder?: string;
  /** Shown before the input and stored before the value (`custom:` of a provider id). */
  prefix?: string;
  /** Empty is stored as null. */
  nullable?: boolean;
  /** What is wrong with a value, as the server would say it; null when nothing is. */
  check?(value: unknown): string | null;
}

/**
 * A list of objects edited as rows (custom OpenID providers, funding options, smart wallet
 * networks): typed inputs per column, add and remove, each row's problems under it, the server's
 * errors for the list under the list.
 */
export function RowsEditor({
  path,
  label,
  hint,
  columns,
  blank,
  addLabel,
}: {
  path: string;
  label: string;
  hint?: string;
  columns: readonly RowColumn[];
  blank(): Draft;
  addLabel: string;
}) {
  const { draft, set, errors } = useForm();
  const value = getIn(draft, path);
  const rows = Array.isArray(value) ? (value as Draft[]) : [];
  const error = errorFor(errors, path);
  const update = (index: number, key: string, cell: unknown) =>
    set(
      path,
      rows.map((row, i) => (i === index ? setIn(row, key, cell) : row)),
    );
  return (
    <fieldset className="rows-editor" data-field={path}>
      <legend>{label}</legend>
      {hint && <small className="muted">{hint}</small>}
      {rows.length === 0 && <p className="muted">None yet.</p>}
      <ol className="rows">
        {rows.map((row, index) => {
          const problems = columns
            .map((column) => column.check?.(getIn(row, column.key)))
            .filter((problem): problem is string => Boolean(problem));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is their identity
            <li key={index} className="row-item" data-row={index}>
              <div className="row-cells">
                {columns.map((column) => (
                  <Fragment key={column.key}>
                    <Cell
                      name={`${path}.${index}.${column.key}`}
                      column={column}
                      value={getIn(row, column.key)}
                      onChange={(cell) => update(index, column.key, cell)}
                    />
                  </Fragment>
                ))}
              </div>
              <RemoveButton
                label={`Remove ${label.toLowerCase()} ${index + 1}`}
                onRemove={() =>
                  set(
                    path,
                    rows.filter((_, i) => i !== index),
                  )
                }
              />
              {problems.map((problem) => (
                <small key={problem} className="error row-problem">
                  {problem}
                </small>
              ))}
            </li>
          );
        })}
      </ol>
      <button type="button" className="secondary" onClick={() => set(path, [...rows, blank()])}>
        {addLabel}
      </button>
      <ListError path={path} error={error} />
    </fieldset>
  );
}

function Cell({
  name,
  column,
  value,
  onChange,
}: {
  name: string;
  column: RowColumn;
  value: unknown;
  onChange(value: unknown): void;
}) {
  if (column.kind === 'check')
    return (
      <label className="check">
        <input
          type="checkbox"
          name={name}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{column.label}</span>
      </label>
    );
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const prefix = column.prefix ?? '';
  if (column.kind === 'select') {
    const options = [...(column.options ?? [])];
    if (text && !options.includes(text)) options.push(text);
    return (
      <label className="field">
        <span>{column.label}</span>
        <select name={name} value={text} onChange={(e) => onChange(e.target.value || null)}>
          {(column.nullable || !text) && <option value="">(none)</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </label>
    );
  }
  const shown = prefix && text.startsWith(prefix) ? text.slice(prefix.length) : text;
  return (
    <label className="field">
      <span>{column.label}</span>
      <span className={prefix ? 'prefixed' : undefined}>
        {prefix && <span className="prefix">{prefix}</span>}
        <input
          name={name}
          placeholder={column.placeholder}
          value={shown}
          onChange={(e) => {
            const typed = e.target.value;
            onChange(typed === '' && column.nullable ? null : `${prefix}${typed}`);
          }}
        />
      </span>
    </label>
  );
}
