import type { Aggregation } from '@latchkey/protocol';
import { useState } from 'react';
import { appPath } from '../../api.ts';
import { AggregationCard } from './AggregationCard.tsx';
import { AggregationForm } from './AggregationForm.tsx';
import { aggregationSummary } from './aggregation-draft.ts';
import { dateMs, EmptyState, ErrorLine, usePaged } from './shared.tsx';

/**
 * Aggregations: rolling-window sums a policy rule limits (`reference` `aggregation.<id>`). Listed
 * with what each sums; one made in the form beside the list, or opened read-only.
 */
export function AggregationsPage({ appId }: { appId: string }) {
  const aggregations = usePaged<Aggregation>(appPath(appId, '/aggregations'));
  /** An aggregation id, `new` for the form, or null. */
  const [selected, setSelected] = useState<string | null>(null);
  const aggregation = aggregations.items?.find((a) => a.id === selected) ?? null;

  return (
    <div className="split">
      <section className="card">
        <div className="heading-row">
          <h2>Aggregations</h2>
          <button type="button" className="secondary" onClick={() => setSelected('new')}>
            New aggregation
          </button>
        </div>
        <ErrorLine error={aggregations.error} />
        {aggregations.items?.length === 0 && (
          <EmptyState
            code={`POST /v1/aggregations
{"name": "Daily sends", "method": "eth_sendTransaction",
 "metric": {"field_source": "ethereum_transaction", "field": "value", "function": "sum"},
 "window": {"type": "rolling", "seconds": 86400}}`}
          >
            No aggregations yet. An aggregation sums a field of a wallet's requests over a rolling window
            (say, the value sent in 24 hours); a policy rule then caps it. Create one here, or from your
            backend with the app secret:
          </EmptyState>
        )}
        <ul className="list" data-testid="aggregations">
          {aggregations.items?.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="list-item"
                aria-pressed={selected === a.id}
                onClick={() => setSelected(a.id)}
              >
                <strong className="ellipsis">{a.name}</strong>
                <small className="muted">
                  {aggregationSummary(a)} · {a.owner_id ? 'owned (read-only)' : 'no owner'} ·{' '}
                  {dateMs(a.created_at)}
                </small>
              </button>
            </li>
          ))}
        </ul>
        {aggregations.next && (
          <button type="button" className="secondary" onClick={aggregations.more}>
            More
          </button>
        )}
      </section>
      {selected === 'new' && (
        <AggregationForm
          appId={appId}
          onCreated={async (made) => {
            await aggregations.reload();
            setSelected(made.id);
          }}
        />
      )}
      {aggregation && (
        <AggregationCard
          key={aggregation.id}
          appId={appId}
          aggregation={aggregation}
          onDeleted={async () => {
            setSelected(null);
            await aggregations.reload();
          }}
        />
      )}
    </div>
  );
}
