import { createContext, type ReactNode, useContext } from 'react';

/**
 * The settings form: a draft of the app (public fields and server settings side by side, as the
 * PATCH body has them), and the server's validation errors by field path.
 */
export type Draft = Record<string, unknown>;

export interface FormState {
  draft: Draft;
  set(path: string, value: unknown): void;
  errors: Record<string, string>;
}

export const FormContext = createContext<FormState | null>(null);

export const useForm = (): FormState => {
  const form = useContext(FormContext);
  if (!form) throw new Error('outside a settings form');
  return form;
};

export function getIn(object: unknown, path: string): unknown {
  let cursor = object;
  for (const key of path.split('.')) {
    if (cursor === null || typeof cursor !== 'object') return undefined;
    cursor = (cursor as Record<string, unknown>)[key];
  }
  return cursor;
}

/** A copy of `object` with `path` set (the objects along the path copied, the rest shared). */
export function setIn(object: Draft, path: string, value: unknown): Draft {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...object, [key]: value };
  const child = object[key];
  return {
    ...object,
    [key]: setIn(child && typeof child === 'object' ? (child as Draft) : {}, rest.join('.'), value),
  };
}

/** The error for `path`, or for a field inside it (an OAuth provider's client id, say). */
export function errorFor(errors: Record<string, string>, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([field]) => field.startsWith(`${path}.`))?.[1];
}

export const fieldId = (path: string) => `f-${path.replace(/[^a-z0-9_-]/gi, '-')}`;

function Field({
  path,
  label,
  hint,
  children,
}: {
  path: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  const { errors } = useForm();
  const error = errorFor(errors, path);
  return (
    <div className="field" data-field={path}>
      <label htmlFor={fieldId(path)}>{label}</label>
      {children}
      {hint && <small className="muted">{hint}</small>}
      {error && (
        <small className="error" role="alert" data-testid={`error-${path}`}>
          {error}
        </small>
      )}
    </div>
  );
}

export function Check({ path, label }: { path: string; label: string }) {
  const { draft, set, errors } = useForm();
  const error = errorFor(errors, path);
  return (
    <label className="check" data-field={path}>
      <input
        type="checkbox"
        name={path}
        checked={getIn(draft, path) === true}
        onChange={(e) => set(path, e.target.checked)}
      />
      <span>{label}</span>
      {error && <small className="error">{error}</small>}
    </label>
  );
}

/** A text field; empty is null when the field may be null, '' otherwise. */
export function Text(props: {
  path: string;
  label: string;
  hint?: string;
  placeholder?: string;
  nullable?: boolean;
  type?: string;
}) {
  const { draft, set } = useForm();
  const value = getIn(draft, props.path);
  return (
    <Field path={props.path} label={props.label} {...(props.hint ? { hint: props.hint } : {})}>
      <input
        id={fieldId(props.path)}
        name={props.path}
        type={props.type ?? 'text'}
        placeholder={props.placeholder}
        value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
        onChange={(e) => set(props.path, e.target.value === '' && props.nullable ? null : e.target.value)}
      />
    </Field>
  );
}

export function NumberField({ path, label, hint }: { path: string; label: string; hint?: string }) {
  const { draft, set } = useForm();
  const value = getIn(draft, path);
  return (
    <Field path={path} label={label} {...(hint ? { hint } : {})}>
      <input
        id={fieldId(path)}
        name={path}
        type="number"
        value={typeof value === 'number' ? value : ''}
        onChange={(e) => set(path, e.target.value === '' ? null : Number(e.target.value))}
      />
    </Field>
  );
}

/** A secret the server shows only as 'set': empty unless a new value is typed. */
export function SecretText({ path, label, multiline }: { path: string; label: string; multiline?: boolean }) {
  const { draft, set } = useForm();
  const value = getIn(draft, path);
  const typed = typeof value === 'string' && value !== 'set' ? value : '';
  const placeholder = value === 'set' ? 'Set. Type a new value to replace it.' : 'Not set';
  return (
    <Field path={path} label={label}>
      {multiline ? (
        <textarea
          id={fieldId(path)}
          name={path}
          rows={4}
          placeholder={placeholder}
          value={typed}
          onChange={(e) => set(path, e.target.value || (value === 'set' ? 'set' : ''))}
        />
      ) : (
        <input
          id={fieldId(path)}
          name={path}
          type="password"
          autoComplete="off"
          placeholder={placeholder}
          value={typed}
          onChange={(e) => set(path, e.target.value || (value === 'set' ? 'set' : ''))}
        />
      )}
    </Field>
  );
}

/**
 * A secret setting a feature declares (the admin API's `secret_settings`): set or replace it by
 * typing, clear it with the button; its value is never shown, only whether it is set. `wasSet`:
 * set in the saved app (a clear is offered then).
 */
export function SecretSetting({
  path,
  label,
  wasSet,
  multiline,
}: {
  path: string;
  label: string;
  wasSet: boolean;
  /** A PEM key keeps its line breaks in a text area. */
  multiline?: boolean;
}) {
  const { draft, set } = useForm();
  const cleared = wasSet && getIn(draft, path) === '';
  return (
    <div className="secret-setting">
      {cleared ? (
        <Field path={path} label={label}>
          <span className="muted">Cleared when you save.</span>
        </Field>
      ) : (
        <SecretText path={path} label={label} {...(multiline ? { multiline } : {})} />
      )}
      {wasSet && (
        <button
          type="button"
          className="secondary"
          data-testid={`lk-clear-${path}`}
          onClick={() => set(path, cleared ? 'set' : '')}
        >
          {cleared ? 'Keep' : 'Clear'}
        </button>
      )}
    </div>
  );
}

export function Select({
  path,
  label,
  options,
  nullable,
}: {
  path: string;
  label: string;
  options: readonly string[];
  nullable?: boolean;
}) {
  const { draft, set } = useForm();
  const value = getIn(draft, path);
  return (
    <Field path={path} label={label}>
      <select
        id={fieldId(path)}
        name={path}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => set(path, e.target.value === '' ? null : e.target.value)}
      >
        {nullable && <option value="">(none)</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A list of strings, one a line. */
export function Lines({
  path,
  label,
  hint,
  placeholder,
}: {
  path: string;
  label: string;
  hint?: string;
  placeholder?: string;
}) {
  const { draft, set } = useForm();
  const value = getIn(draft, path);
  const text = Array.isArray(value) ? value.join('\n') : '';
  return (
    <Field path={path} label={label} {...(hint ? { hint } : {})}>
      <textarea
        id={fieldId(path)}
        name={path}
        rows={3}
        placeholder={placeholder}
        value={text}
        onChange={(e) =>
          set(
            path,
            e.target.value
              .split('\n')
              .map((line) => line.trim())
              .filter((line, i, all) => line !== '' || i === all.length - 1),
          )
        }
        onBlur={(e) =>
          set(
            path,
            e.target.value
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean),
          )
        }
      />
    </Field>
  );
}

/** A set of choices stored as an array (MFA methods, recovery options). */
export function MultiCheck({
  path,
  label,
  options,
  optionLabel = (option) => option,
}: {
  path: string;
  label: string;
  options: readonly string[];
  /** How a person reads an option (the stored value stays the wire's). */
  optionLabel?(option: string): string;
}) {
  const { draft, set } = useForm();
  const value = getIn(draft, path);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <fieldset className="multi" data-field={path}>
      <legend>{label}</legend>
      {options.map((option) => (
        <label key={option} className="check">
          <input
            type="checkbox"
            name={`${path}:${option}`}
            checked={chosen.includes(option)}
            onChange={(e) =>
              set(path, e.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option))
            }
          />
          <span>{optionLabel(option)}</span>
        </label>
      ))}
    </fieldset>
  );
}
