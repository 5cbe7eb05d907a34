import type { AdminTransaction } from '@latchkey/protocol';
import { type FormEvent, useState } from 'react';
import { appPath } from '../../api.ts';
import { CopyText } from '../../components/CopyText.tsx';
import {
  dateMs,
  EmptyState,
  ErrorLine,
  StatusBadge,
  TransactionTable,
  transactionStatuses,
  usePaged,
} from './shared.tsx';

/** The records of server-wallet sends, newest first: filter by status, reference id or wallet; open one. */
export function TransactionsPage({ appId }: { appId: string }) {
  const [filters, setFilters] = useState({ status: '', reference_id: '', wallet_id: '' });
  const [applied, setApplied] = useState('');
  const transactions = usePaged<AdminTransaction>(appPath(appId, `/transactions${applied}`));
  const [selected, setSelected] = useState<AdminTransaction | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
    setApplied(query.size > 0 ? `?${query}` : '');
    setSelected(null);
  };

  return (
    <div className="split">
      <section className="card">
        <h2>Transactions</h2>
        <form className="row-form filters" onSubmit={apply}>
          <label className="field">
            <span>Status</span>
            <select
              name="filter_status"
              value={filters.status}
              onChange={(e) => setFilters({ ...filters, status: e.target.value })}
            >
              <option value="">Any</option>
              {transactionStatuses.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </select>
          </label>
          <label className="field grow">
            <span>Reference id</span>
            <input
              name="filter_reference_id"
              value={filters.reference_id}
              onChange={(e) => setFilters({ ...filters, reference_id: e.target.value })}
            />
          </label>
          <label className="field grow">
            <span>Wallet id</span>
            <input
              name="filter_wallet_id"
              value={filters.wallet_id}
              onChange={(e) => setFilters({ ...filters, wallet_id: e.target.value })}
            />
          </label>
          <button type="submit" className="secondary">
            Filter
          </button>
        </form>
        <ErrorLine error={transactions.error} />
        {transactions.items?.length === 0 &&
          (applied ? (
            <p className="muted">No transaction matches these filters.</p>
          ) : (
            <EmptyState
              code={`await client.wallets().ethereum().sendTransaction(walletId, {
  caip2: 'eip155:8453',
  params: { transaction: { to, value: '0x2386f26fc10000' } },
});`}
            >
              No transactions yet. A record is made for each eth_sendTransaction or signAndSendTransaction a
              server wallet makes, and followed until the chain confirms it:
            </EmptyState>
          ))}
        {transactions.items && transactions.items.length > 0 && (
          <TransactionTable transactions={transactions.items} onOpen={setSelected} />
        )}
        {transactions.next && (
          <button type="button" className="secondary" onClick={transactions.more}>
            More
          </button>
        )}
      </section>
      {selected && <TransactionDetail transaction={selected} />}
    </div>
  );
}

function TransactionDetail({ transaction: tx }: { transaction: AdminTransaction }) {
  return (
    <section className="card" data-testid="transaction-detail">
      <h2>
        Transaction <StatusBadge status={tx.status} />
      </h2>
      <dl className="facts">
        <dt>Hash</dt>
        <dd>{tx.transaction_hash ? <CopyText value={tx.transaction_hash} /> : 'not yet'}</dd>
        <dt>Chain</dt>
        <dd>
          {tx.chain} <small className="muted">{tx.caip2}</small>
        </dd>
        <dt>Id</dt>
        <dd>
          <CopyText value={tx.id} />
        </dd>
        <dt>Wallet</dt>
        <dd>
          <CopyText value={tx.wallet_id} />
        </dd>
        <dt>From</dt>
        <dd>
          <CopyText value={tx.sender} />
        </dd>
        <dt>To</dt>
        <dd>{tx.recipient ? <CopyText value={tx.recipient} /> : '—'}</dd>
        <dt>Value</dt>
        <dd>{tx.value}</dd>
        <dt>Nonce</dt>
        <dd>{tx.nonce ?? '—'}</dd>
        <dt>Block</dt>
        <dd>{tx.block_number ?? '—'}</dd>
        <dt>Reference id</dt>
        <dd>{tx.reference_id ?? '—'}</dd>
        <dt>Created</dt>
        <dd>{dateMs(tx.created_at)}</dd>
        <dt>Updated</dt>
        <dd>{dateMs(tx.updated_at)}</dd>
      </dl>
    </section>
  );
}
