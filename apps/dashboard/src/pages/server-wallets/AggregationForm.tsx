import {
  type AdminConditionSet,
  type Aggregation,
  type AggregationMethod,
  aggregationMethods,
  policyLimits,
} from '@latchkey/protocol';
import { type FormEvent, useState } from 'react';
import { AdminApiError, api, appPath } from '../../api.ts';
import {
  type AggregationDraft,
  aggregationRequestOf,
  blankAggregation,
  blankMeasured,
  formPaths,
  type MeasuredDraft,
  measuredSources,
} from './aggregation-draft.ts';
import { ConditionRow } from './ConditionRow.tsx';
import { blankCondition, errorPath } from './policy-draft.ts';
import { Cell, ErrorLine, usePaged } from './shared.tsx';

const sources = Object.keys(measuredSources);

/** A field an aggregation reads (its metric, a group_by entry): a source and a field of it. */
function MeasuredCells({
  at,
  value,
  errors,
  onChange,
}: {
  at: string;
  value: MeasuredDraft;
  errors: Record<string, string>;
  onChange(value: MeasuredDraft): void;
}) {
  return (
    <>
      <Cell label="Field source" path={`${at}.field_source`} errors={errors}>
        <select
          name={`${at}.field_source`}
          value={value.field_source}
          onChange={(e) =>
            onChange({ field_source: e.target.value, field: measuredSources[e.target.value]?.[0] ?? '' })
          }
        >
          {sources.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </Cell>
      <Cell label="Field" path={`${at}.field`} errors={errors}>
        <input
          name={`${at}.field`}
          list={`measured-${at}`}
          value={value.field}
          onChange={(e) => onChange({ ...value, field: e.target.value })}
        />
        <datalist id={`measured-${at}`}>
          {(measuredSources[value.field_source] ?? []).map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
      </Cell>
    </>
  );
}

/**
 * A new aggregation: the rolling-window sum of one field of a wallet's requests of one method,
 * optionally per group_by fields and only for requests meeting its conditions. The server checks it
 * as the REST API does; its message lands beside the field it names.
 */
export function AggregationForm({
  appId,
  onCreated,
}: {
  appId: string;
  onCreated(aggregation: Aggregation): Promise<void>;
}) {
  const [draft, setDraft] = useState<AggregationDraft>(blankAggregation);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const conditionSets = usePaged<AdminConditionSet>(appPath(appId, '/condition_sets'));
  const set = (change: Partial<AggregationDraft>) => setDraft({ ...draft, ...change });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setError(null);
    try {
      const made = await api<Aggregation>(
        'POST',
        appPath(appId, '/aggregations'),
        aggregationRequestOf(draft),
      );
      await onCreated(made);
    } catch (e) {
      const named = e instanceof AdminApiError ? errorPath(e.message) : null;
      if (named && formPaths(draft).has(named.path)) setErrors({ [named.path]: named.message });
      else setError((e as Error).message);
    }
  };

  return (
    <section className="card" data-testid="aggregation-form">
      <h2>New aggregation</h2>
      <form className="policy-form" onSubmit={create}>
        <div className="row-cells">
          <Cell label="Name" path="name" errors={errors}>
            <input
              name="aggregation_name"
              maxLength={policyLimits.aggregationNameMaxLength}
              placeholder="Daily sends"
              value={draft.name}
              onChange={(e) => set({ name: e.target.value })}
            />
          </Cell>
          <Cell label="Method" path="method" errors={errors}>
            <select
              name="aggregation_method"
              value={draft.method}
              onChange={(e) => set({ method: e.target.value as AggregationMethod })}
            >
              {aggregationMethods.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </Cell>
          <Cell
            label={`Window, seconds (${policyLimits.windowMinSeconds}–${policyLimits.windowMaxSeconds})`}
            path="window.seconds"
            errors={errors}
          >
            <input
              name="aggregation_window_seconds"
              inputMode="numeric"
              value={draft.window_seconds}
              onChange={(e) => set({ window_seconds: e.target.value })}
            />
          </Cell>
        </div>
        <h3>Sums</h3>
        <div className="row-cells">
          <MeasuredCells
            at="metric"
            value={draft.metric}
            errors={errors}
            onChange={(metric) => set({ metric })}
          />
        </div>
        <h3>Per (group_by)</h3>
        <p className="muted">
          Counted per wallet, and per the values of these fields when given (e.g. per recipient).
        </p>
        <ol className="rows">
          {draft.group_by.map((group, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
            <li key={i} className="row-item">
              <div className="row-cells">
                <MeasuredCells
                  at={`group_by.${i}`}
                  value={group}
                  errors={errors}
                  onChange={(next) => set({ group_by: draft.group_by.map((g, j) => (j === i ? next : g)) })}
                />
              </div>
              <button
                type="button"
                className="secondary"
                aria-label={`Remove group_by field ${i + 1}`}
                onClick={() => set({ group_by: draft.group_by.filter((_, j) => j !== i) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        <h3>Counts only requests where (conditions)</h3>
        <ol className="rows conditions">
          {draft.conditions.map((condition, i) => (
            <ConditionRow
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              key={i}
              at={`conditions.${i}`}
              condition={condition}
              sources={sources}
              errors={errors}
              conditionSets={conditionSets.items ?? []}
              aggregations={[]}
              removeLabel={`Remove condition ${i + 1}`}
              onChange={(next) => set({ conditions: draft.conditions.map((c, j) => (j === i ? next : c)) })}
              onRemove={() => set({ conditions: draft.conditions.filter((_, j) => j !== i) })}
            />
          ))}
        </ol>
        <div className="button-row">
          <button
            type="button"
            className="secondary"
            disabled={draft.group_by.length >= policyLimits.groupByMax}
            onClick={() => set({ group_by: [...draft.group_by, blankMeasured()] })}
          >
            Add a group_by field
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => set({ conditions: [...draft.conditions, blankCondition('ethereum')] })}
          >
            Add a condition
          </button>
          <button type="submit">Create aggregation</button>
        </div>
      </form>
      <ErrorLine error={error} />
    </section>
  );
}
