import { type Policy, policyChainTypes } from '@latchkey/protocol';
import { useState } from 'react';
import { PolicyEditor } from './PolicyEditor.tsx';
import { dateMs, EmptyState, ErrorLine, usePaged } from './shared.tsx';

/** Policies: listed; one without an owner edited as rows with a dry run; an owned one read-only. */
export function PoliciesPage({ appId }: { appId: string }) {
  const policies = usePaged<Policy>(`/admin/v1/apps/${encodeURIComponent(appId)}/policies`);
  /** A policy id, `new:<chain>` for a new policy, or null. */
  const [selected, setSelected] = useState<string | null>(null);
  const policy = policies.items?.find((p) => p.id === selected) ?? null;

  return (
    <div className="split">
      <section className="card">
        <div className="heading-row">
          <h2>Policies</h2>
          <div className="button-row">
            {policyChainTypes.map((chain) => (
              <button
                key={chain}
                type="button"
                className="secondary"
                onClick={() => setSelected(`new:${chain}`)}
              >
                New {chain} policy
              </button>
            ))}
          </div>
        </div>
        <ErrorLine error={policies.error} />
        {policies.items?.length === 0 && (
          <EmptyState
            code={`await client.policies().create({
  version: '1.0', name: 'Send limits', chain_type: 'ethereum',
  rules: [{ name: 'Up to 0.01 ETH', method: 'eth_sendTransaction', action: 'ALLOW',
    conditions: [{ field_source: 'ethereum_transaction', field: 'value', operator: 'lte', value: '10000000000000000' }] }],
});`}
          >
            No policies yet. A policy decides which requests a wallet signs: write one here, or from your
            backend:
          </EmptyState>
        )}
        <ul className="list" data-testid="policies">
          {policies.items?.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="list-item"
                aria-pressed={selected === p.id}
                onClick={() => setSelected(p.id)}
              >
                <strong className="ellipsis">{p.name}</strong>
                <small className="muted">
                  {p.chain_type} · {p.rules.length} rule{p.rules.length === 1 ? '' : 's'} ·{' '}
                  {p.owner_id ? 'owned (read-only)' : 'no owner'} · {dateMs(p.created_at)}
                </small>
              </button>
            </li>
          ))}
        </ul>
        {policies.next && (
          <button type="button" className="secondary" onClick={policies.more}>
            More
          </button>
        )}
      </section>
      {selected && (
        <PolicyEditor
          key={selected}
          appId={appId}
          policy={policy}
          chainType={policy?.chain_type ?? (selected.startsWith('new:solana') ? 'solana' : 'ethereum')}
          onSaved={async (saved) => {
            await policies.reload();
            setSelected(saved.id);
          }}
        />
      )}
    </div>
  );
}
