import { type AdminConditionSet, type Aggregation, conditionOperators } from '@latchkey/protocol';
import { type ConditionDraft, fieldSources } from './policy-draft.ts';
import { conditionSetChoices, referenceChoices, takesConditionSet } from './policy-resources.ts';
import { Cell } from './shared.tsx';

/**
 * One condition as a row (field_source, field, operator, value), in a policy rule or an
 * aggregation: the app's condition sets offered by name for the set operators, and its aggregations
 * (`aggregation.<id>`) as the fields of `reference`. `at` is the row's path in the server's error
 * messages (`rules.0.conditions.1`, `conditions.0`).
 */
export function ConditionRow({
  at,
  condition,
  sources,
  errors,
  conditionSets,
  aggregations,
  removeLabel,
  onChange,
  onRemove,
}: {
  at: string;
  condition: ConditionDraft;
  /** The field sources this row may read. */
  sources: readonly string[];
  errors: Record<string, string>;
  conditionSets: readonly AdminConditionSet[];
  aggregations: readonly Aggregation[];
  removeLabel: string;
  onChange(condition: ConditionDraft): void;
  onRemove(): void;
}) {
  const fields =
    condition.field_source === 'reference'
      ? referenceChoices(aggregations)
      : (fieldSources[condition.field_source]?.fields ?? []).map((f) => ({ value: f, label: f }));
  const fieldList = `fields-${at}`;
  const setValued = takesConditionSet(condition.operator);
  return (
    <li className="row-item">
      <div className="row-cells">
        <Cell label="Field source" path={`${at}.field_source`} errors={errors}>
          <select
            name={`${at}.field_source`}
            value={condition.field_source}
            onChange={(e) =>
              onChange({
                ...condition,
                field_source: e.target.value,
                field:
                  e.target.value === 'reference'
                    ? (referenceChoices(aggregations)[0]?.value ?? '')
                    : (fieldSources[e.target.value]?.fields[0] ?? ''),
              })
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
            list={fieldList}
            value={condition.field}
            onChange={(e) => onChange({ ...condition, field: e.target.value })}
          />
          <datalist id={fieldList}>
            {fields.map((f) => (
              <option key={f.value} value={f.value} label={f.label === f.value ? undefined : f.label} />
            ))}
          </datalist>
        </Cell>
        <Cell label="Operator" path={`${at}.operator`} errors={errors}>
          <select
            name={`${at}.operator`}
            value={condition.operator}
            onChange={(e) => onChange({ ...condition, operator: e.target.value })}
          >
            {conditionOperators.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </Cell>
        {setValued ? (
          <Cell label="Condition set" path={`${at}.value`} errors={errors}>
            <select
              name={`${at}.value`}
              value={condition.value}
              onChange={(e) => onChange({ ...condition, value: e.target.value })}
            >
              <option value="">Choose a condition set</option>
              {conditionSetChoices(conditionSets, condition.value).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </Cell>
        ) : (
          <Cell
            label={condition.operator.endsWith('in') ? 'Values (comma-separated)' : 'Value'}
            path={`${at}.value`}
            errors={errors}
          >
            <input
              name={`${at}.value`}
              value={condition.value}
              onChange={(e) => onChange({ ...condition, value: e.target.value })}
            />
          </Cell>
        )}
      </div>
      {(condition.kept.abi || condition.kept.typed_data) && (
        <small className="muted">
          {condition.kept.abi ? 'ABI' : 'Typed-data types'} kept as written by the backend.
        </small>
      )}
      <button type="button" className="secondary" aria-label={removeLabel} onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
