import { useEffect, useState } from 'react';
import { errorFor, getIn, useForm } from '../form.tsx';
import { ListError, RemoveButton } from './listParts.tsx';
import { type MapRow, mapRows, rowsMap } from './map-rows.ts';

/**
 * A map of strings (an app's RPC URLs by chain) edited as key and value rows. The rows are kept
 * here, so a row whose key is still being typed stays; the draft gets the map they make (null when
 * empty), and a draft changed from outside (saved, discarded) is shown again.
 */
export function MapEditor({
  path,
  label,
  hint,
  keyLabel,
  valueLabel,
  keyPlaceholder,
  valuePlaceholder,
  addLabel,
}: {
  path: string;
  label: string;
  hint?: string;
  keyLabel: string;
  valueLabel: string;
  keyPlaceholder?: string;
  valuePlaceholder?: string;
  addLabel: string;
}) {
  const { draft, set, errors } = useForm();
  const stored = JSON.stringify(rowsMap(mapRows(getIn(draft, path))));
  const [rows, setRows] = useState<MapRow[]>(() => mapRows(getIn(draft, path)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the stored map resets the rows
  useEffect(() => {
    if (JSON.stringify(rowsMap(rows)) !== stored) setRows(mapRows(JSON.parse(stored)));
  }, [stored]);
  const update = (next: MapRow[]) => {
    setRows(next);
    set(path, rowsMap(next));
  };
  return (
    <fieldset className="rows-editor" data-field={path}>
      <legend>{label}</legend>
      {hint && <small className="muted">{hint}</small>}
      {rows.length === 0 && <p className="muted">None yet.</p>}
      <ol className="rows">
        {rows.map(([key, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is their identity
          <li key={index} className="row-item" data-row={index}>
            <div className="row-cells">
              <label className="field">
                <span>{keyLabel}</span>
                <input
                  name={`${path}.${index}.key`}
                  placeholder={keyPlaceholder}
                  value={key}
                  onChange={(e) =>
                    update(rows.map((row, i) => (i === index ? [e.target.value, row[1]] : row)))
                  }
                />
              </label>
              <label className="field">
                <span>{valueLabel}</span>
                <input
                  name={`${path}.${index}.value`}
                  placeholder={valuePlaceholder}
                  value={value}
                  onChange={(e) =>
                    update(rows.map((row, i) => (i === index ? [row[0], e.target.value] : row)))
                  }
                />
              </label>
            </div>
            <RemoveButton
              label={`Remove ${label.toLowerCase()} ${index + 1}`}
              onRemove={() => update(rows.filter((_, i) => i !== index))}
            />
          </li>
        ))}
      </ol>
      <button type="button" className="secondary" onClick={() => setRows([...rows, ['', '']])}>
        {addLabel}
      </button>
      <ListError path={path} error={errorFor(errors, path)} />
    </fieldset>
  );
}
