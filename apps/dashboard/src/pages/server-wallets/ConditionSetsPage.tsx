import type { AdminConditionSet } from '@latchkey/protocol';
import { type FormEvent, useState } from 'react';
import { AdminApiError, api, appPath } from '../../api.ts';
import { ConditionSetCard } from './ConditionSetCard.tsx';
import { errorPath } from './policy-draft.ts';
import { Cell, dateMs, EmptyState, ErrorLine, usePaged } from './shared.tsx';

/**
 * Condition sets: named lists of values (addresses, ids) that a policy condition tests with
 * `in_condition_set` / `not_in_condition_set`. Made here by name, listed with their item counts,
 * one opened beside the list (ConditionSetCard).
 */
export function ConditionSetsPage({ appId }: { appId: string }) {
  const sets = usePaged<AdminConditionSet>(appPath(appId, '/condition_sets'));
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    try {
      const set = await api<AdminConditionSet>('POST', appPath(appId, '/condition_sets'), {
        name: name.trim(),
      });
      setName('');
      await sets.reload();
      setSelected(set.id);
    } catch (e) {
      const named = e instanceof AdminApiError ? errorPath(e.message) : null;
      if (named?.path === 'name') setErrors({ name: named.message });
      else setError((e as Error).message);
    }
  };

  return (
    <div className="split">
      <section className="card">
        <h2>Create a condition set</h2>
        <form className="row-form spaced-form" onSubmit={create} data-testid="create-condition-set">
          <Cell label="Name" path="name" errors={errors}>
            <input
              name="condition_set_name"
              maxLength={100}
              placeholder="Allowed recipients"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Cell>
          <button type="submit">Create condition set</button>
        </form>
        <ErrorLine error={error} />
        <h2>Condition sets</h2>
        <ErrorLine error={sets.error} />
        {sets.items?.length === 0 && (
          <EmptyState
            code={`POST /v1/condition_sets                        {"name": "Allowed recipients"}
POST /v1/condition_sets/:id/condition_set_items  [{"value": "0x…"}]
# then a rule's condition: {"field_source": "ethereum_transaction", "field": "to",
#   "operator": "in_condition_set", "value": ":id"}`}
          >
            No condition sets yet. A condition set is a list of values a policy condition tests against
            (in_condition_set), edited without touching the policies that use it. Create one here, or from
            your backend with the app secret:
          </EmptyState>
        )}
        <ul className="list" data-testid="condition-sets">
          {sets.items?.map((set) => (
            <li key={set.id}>
              <button
                type="button"
                className="list-item"
                aria-pressed={selected === set.id}
                onClick={() => setSelected(set.id)}
              >
                <strong className="ellipsis">{set.name}</strong>
                <small className="muted">
                  {set.item_count} item{set.item_count === 1 ? '' : 's'} ·{' '}
                  {set.owner_id ? 'owned (read-only)' : 'no owner'} · {dateMs(set.created_at)}
                </small>
              </button>
            </li>
          ))}
        </ul>
        {sets.next && (
          <button type="button" className="secondary" onClick={sets.more}>
            More
          </button>
        )}
      </section>
      {selected && (
        <ConditionSetCard
          key={selected}
          appId={appId}
          setId={selected}
          onChanged={sets.reload}
          onDeleted={async () => {
            setSelected(null);
            await sets.reload();
          }}
        />
      )}
    </div>
  );
}
