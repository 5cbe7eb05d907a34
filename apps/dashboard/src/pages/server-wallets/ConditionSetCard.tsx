import type { AdminConditionSetDetail, ConditionSetItem } from '@latchkey/protocol';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { AdminApiError, api, appPath } from '../../api.ts';
import { CopyText } from '../../components/CopyText.tsx';
import { itemBatches, itemsErrorText, itemValues } from './condition-set-items.ts';
import { errorPath } from './policy-draft.ts';
import { Cell, dateMs, ErrorLine } from './shared.tsx';

/**
 * One condition set: its id (what a condition's `value` names), its items page by page, values
 * pasted one per line and added, an item removed, the set renamed or deleted. A set with an owner
 * is shown, not changed (its owner signs its changes, from the backend).
 */
export function ConditionSetCard({
  appId,
  setId,
  onChanged,
  onDeleted,
}: {
  appId: string;
  setId: string;
  onChanged(): Promise<void>;
  onDeleted(): Promise<void>;
}) {
  const path = appPath(appId, `/condition_sets/${encodeURIComponent(setId)}`);
  const [set, setSet] = useState<AdminConditionSetDetail | null>(null);
  const [items, setItems] = useState<ConditionSetItem[]>([]);
  const [values, setValues] = useState('');
  const [name, setName] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (cursor?: string) => {
      try {
        const page = await api<AdminConditionSetDetail>(
          'GET',
          cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path,
        );
        setSet(page);
        setItems((current) => (cursor ? [...current, ...page.items] : page.items));
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [path],
  );
  useEffect(() => {
    load();
  }, [load]);

  /** A change, then the set and the list read again; a refusal shown (beside its field when it names one). */
  const change = async (write: () => Promise<unknown>, field?: string) => {
    setErrors({});
    setError(null);
    try {
      await write();
      await Promise.all([load(), onChanged()]);
      return true;
    } catch (e) {
      const named = e instanceof AdminApiError ? errorPath(e.message) : null;
      if (field && named?.path === field) setErrors({ [field]: named.message });
      else setError((e as Error).message);
      return false;
    }
  };

  const addValues = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const batches = itemBatches(itemValues(values));
    for (const batch of batches) {
      try {
        await api('POST', `${path}/condition_set_items`, batch);
      } catch (e) {
        // The batches before it stay added: the list shows them.
        setErrors({ items: itemsErrorText((e as Error).message, batch) });
        await Promise.all([load(), onChanged()]);
        return;
      }
    }
    setValues('');
    await Promise.all([load(), onChanged()]);
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name: (name ?? '').trim() };
    if (await change(() => api('PATCH', path, body), 'name')) setName(null);
  };

  const remove = async () => {
    if (
      !set ||
      !window.confirm(`Delete the condition set ${set.name}? Conditions that name it then never hold.`)
    )
      return;
    try {
      await api('DELETE', path);
      await onDeleted();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  if (!set) return error ? <ErrorLine error={error} /> : <section className="card">Loading…</section>;
  const owned = set.owner_id !== null;
  return (
    <section className="card" data-testid="condition-set-detail">
      <h2>{set.name}</h2>
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <CopyText value={set.id} />
        </dd>
        <dt>Owner</dt>
        <dd>{set.owner_id ?? 'none (app secret)'}</dd>
        <dt>Items</dt>
        <dd>{set.item_count}</dd>
        <dt>Created</dt>
        <dd>{dateMs(set.created_at)}</dd>
      </dl>
      {owned ? (
        <p className="notice" data-testid="owned-note">
          This condition set has an owner: it changes only with the owner's authorization signature, from the
          backend.
        </p>
      ) : (
        <>
          <form className="spaced-form" onSubmit={addValues} data-testid="add-values">
            <Cell label="Add values, one per line" path="items" errors={errors}>
              <textarea
                name="condition_set_values"
                rows={4}
                className="mono"
                placeholder="0x52908400098527886E0F7030069857D2E4169EE7"
                value={values}
                onChange={(e) => setValues(e.target.value)}
              />
            </Cell>
            <button type="submit">Add values</button>
          </form>
          <form className="row-form spaced-form" onSubmit={rename}>
            <Cell label="Name" path="name" errors={errors}>
              <input
                name="condition_set_rename"
                maxLength={100}
                value={name ?? set.name}
                onChange={(e) => setName(e.target.value)}
              />
            </Cell>
            <button type="submit" className="secondary">
              Rename
            </button>
          </form>
        </>
      )}
      <ErrorLine error={error} />
      <h3>Values</h3>
      {items.length === 0 && <p className="muted">None yet.</p>}
      <ul className="list" data-testid="condition-set-items">
        {items.map((item) => (
          <li key={item.id} className="allowlist-entry">
            <span className="break mono">{item.value}</span>
            {!owned && (
              <button
                type="button"
                className="danger"
                aria-label={`Remove ${item.value}`}
                onClick={() =>
                  change(() => api('DELETE', `${path}/condition_set_items/${encodeURIComponent(item.id)}`))
                }
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className="button-row">
        {set.next_cursor && (
          <button type="button" className="secondary" onClick={() => load(set.next_cursor ?? undefined)}>
            More
          </button>
        )}
        {!owned && (
          <button type="button" className="danger" onClick={remove}>
            Delete condition set
          </button>
        )}
      </div>
    </section>
  );
}
