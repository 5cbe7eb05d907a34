import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, appPath } from '../api.ts';

type EntryType = 'email' | 'phone' | 'wallet';

/** An entry as the admin API returns it (the app server API's shape). */
interface AllowlistEntry {
  id: string;
  type: EntryType;
  value: string;
}

const placeholders: Record<EntryType, string> = {
  email: 'someone@example.com or @example.com',
  phone: '+14155550100',
  wallet: '0x…',
};

/**
 * An app's allowlist entries: listed, added and removed through the admin API, which stores them
 * normalised (so the list shows what login compares against) and refuses bad values with a message.
 */
export function AllowlistPage({ appId, enabled }: { appId: string; enabled: boolean }) {
  const [entries, setEntries] = useState<AllowlistEntry[] | null>(null);
  const [type, setType] = useState<EntryType>('email');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const path = appPath(appId, '/allowlist');

  const load = useCallback(async () => {
    setEntries((await api<{ data: AllowlistEntry[] }>('GET', path)).data);
  }, [path]);

  useEffect(() => {
    load().catch((e) => setError((e as Error).message));
  }, [load]);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await api('POST', path, { type, value: value.trim() });
      setValue('');
    });
  };

  return (
    <section className="card" id="allowlist-entries">
      <h2>Allowlist entries</h2>
      {!enabled && (
        <p className="notice">
          The allowlist is off: these entries take effect once “Only allowlisted users may log in” is on in
          the settings.
        </p>
      )}
      <form className="row-form" onSubmit={add}>
        <label className="field">
          <span>Type</span>
          <select name="allowlist_type" value={type} onChange={(e) => setType(e.target.value as EntryType)}>
            <option value="email">Email (or @domain)</option>
            <option value="phone">Phone</option>
            <option value="wallet">Wallet</option>
          </select>
        </label>
        <label className="field grow">
          <span>Value</span>
          <input
            name="allowlist_value"
            placeholder={placeholders[type]}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
          />
        </label>
        <button type="submit">Add entry</button>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {entries?.length === 0 && <p className="muted">No entries yet.</p>}
      <ul className="list" data-testid="allowlist">
        {entries?.map((entry) => (
          <li key={entry.id} className="allowlist-entry">
            <span className="break">
              <small className="muted">{entry.type}</small> <strong>{entry.value}</strong>
            </span>
            <button
              type="button"
              className="danger"
              aria-label={`Remove ${entry.value}`}
              onClick={() => run(() => api('DELETE', path, { type: entry.type, value: entry.value }))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
