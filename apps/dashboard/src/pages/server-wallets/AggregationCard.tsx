import type { Aggregation } from '@latchkey/protocol';
import { useState } from 'react';
import { api, appPath } from '../../api.ts';
import { CopyText } from '../../components/CopyText.tsx';
import { windowText } from './aggregation-draft.ts';
import { aggregationReference } from './policy-resources.ts';
import { dateMs, ErrorLine } from './shared.tsx';

/**
 * One aggregation, read-only (the REST API has no update): what it sums and how, the reference a
 * rule reads it by, and Delete unless it has an owner.
 */
export function AggregationCard({
  appId,
  aggregation,
  onDeleted,
}: {
  appId: string;
  aggregation: Aggregation;
  onDeleted(): Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const owned = aggregation.owner_id !== null;
  const remove = async () => {
    if (!window.confirm(`Delete the aggregation ${aggregation.name}? Rules that read it then see nothing.`))
      return;
    try {
      await api('DELETE', appPath(appId, `/aggregations/${encodeURIComponent(aggregation.id)}`));
      await onDeleted();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const field = (f: { field_source: string; field: string }) => `${f.field_source}.${f.field}`;
  return (
    <section className="card" data-testid="aggregation-detail">
      <h2>{aggregation.name}</h2>
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <CopyText value={aggregation.id} />
        </dd>
        <dt>In a rule</dt>
        <dd>
          <CopyText value={aggregationReference(aggregation)} />
          <small className="muted">field_source reference, operator lte and the limit</small>
        </dd>
        <dt>Method</dt>
        <dd>{aggregation.method}</dd>
        <dt>Sums</dt>
        <dd className="mono">{field(aggregation.metric)}</dd>
        <dt>Window</dt>
        <dd>{windowText(aggregation.window.seconds)}, rolling</dd>
        <dt>Per</dt>
        <dd className="mono">{['wallet', ...(aggregation.group_by ?? []).map(field)].join(', ')}</dd>
        <dt>Conditions</dt>
        <dd className="mono">
          {aggregation.conditions?.length
            ? aggregation.conditions.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: read-only
                <div key={i}>
                  {field(c)} {c.operator} {Array.isArray(c.value) ? c.value.join(', ') : c.value}
                </div>
              ))
            : 'none: every request of the method counts'}
        </dd>
        <dt>Owner</dt>
        <dd>{aggregation.owner_id ?? 'none (app secret)'}</dd>
        <dt>Created</dt>
        <dd>{dateMs(aggregation.created_at)}</dd>
      </dl>
      {owned ? (
        <p className="notice" data-testid="owned-note">
          This aggregation has an owner: it changes only with the owner's authorization signature, from the
          backend.
        </p>
      ) : (
        <div className="button-row">
          <button type="button" className="danger" onClick={remove}>
            Delete aggregation
          </button>
        </div>
      )}
      <ErrorLine error={error} />
    </section>
  );
}
