import type { AdminKeyQuorum, AdminPage, AdminTransaction } from '@latchkey/protocol';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { api } from '../../api.ts';
import { CopyText } from '../../components/CopyText.tsx';

/** Server-wallet times are Unix milliseconds (the REST API's), unlike the users' seconds. */
export const dateMs = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleString() : '');

/** The wire's transaction statuses in words (REFERENCES §1.8). */
const statusLabels: Record<string, string> = {
  pending: 'pending',
  broadcasted: 'broadcasted',
  confirmed: 'confirmed',
  execution_reverted: 'reverted',
  failed: 'failed',
  replaced: 'replaced',
};

export const transactionStatuses = Object.keys(statusLabels);

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge-${status}`} title={status}>
      {statusLabels[status] ?? status}
    </span>
  );
}

/** A key quorum's members in one line: `2 of 3 keys, 1 user`. */
export function quorumSummary(quorum: AdminKeyQuorum): string {
  const keys = quorum.authorization_keys.length;
  const users = quorum.user_ids?.length ?? 0;
  const nested = quorum.key_quorum_ids?.length ?? 0;
  const members = [
    keys ? `${keys} key${keys === 1 ? '' : 's'}` : '',
    users ? `${users} user${users === 1 ? '' : 's'}` : '',
    nested ? `${nested} quorum${nested === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const total = keys + users + nested;
  return `${quorum.authorization_threshold ?? total} of ${members || 'no members'}`;
}

/** A list fetched page by page (`next_cursor`), reloaded when its path changes. */
export function usePaged<T>(path: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(
    async (cursor?: string) => {
      setError(null);
      try {
        const page = await api<AdminPage<T>>(
          'GET',
          cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path,
        );
        setItems((current) => (cursor && current ? [...current, ...page.data] : page.data));
        setNext(page.next_cursor);
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [path],
  );
  useEffect(() => {
    load();
  }, [load]);
  return { items, next, error, reload: () => load(), more: () => next && load(next) };
}

export function ErrorLine({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {error}
    </p>
  );
}

/** One input of a form, with the server's error for its path (`rules.0.name`, `metric.field`) under it. */
export function Cell({
  label,
  path,
  errors,
  children,
}: {
  label: string;
  path: string;
  errors: Record<string, string>;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in
    <label className="field" data-field={path}>
      <span>{label}</span>
      {children}
      {errors[path] && (
        <small className="error" role="alert" data-testid={`error-${path}`}>
          {errors[path]}
        </small>
      )}
    </label>
  );
}

/** What to do when a list is empty: a sentence, and the backend code that fills it. */
export function EmptyState({ children, code }: { children: ReactNode; code?: string }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <p className="muted">{children}</p>
      {code && <pre className="mono code-block">{code}</pre>}
    </div>
  );
}

/** Recent sends as a table that stacks on a phone: status, chain, hash, when. */
export function TransactionTable({
  transactions,
  onOpen,
}: {
  transactions: AdminTransaction[];
  onOpen?(transaction: AdminTransaction): void;
}) {
  return (
    <div className="table-wrap">
      <table className="stack" data-testid="transactions">
        <thead>
          <tr>
            <th>Status</th>
            <th>Chain</th>
            <th>Hash</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((tx) => (
            <tr key={tx.id} data-status={tx.status}>
              <td data-label="Status">
                <StatusBadge status={tx.status} />
              </td>
              <td data-label="Chain">{tx.chain}</td>
              <td data-label="Hash" className="cell-wide">
                {onOpen ? (
                  <button type="button" className="link ellipsis" onClick={() => onOpen(tx)}>
                    {tx.transaction_hash ?? tx.id}
                  </button>
                ) : (
                  <CopyText value={tx.transaction_hash ?? tx.id} />
                )}
                {tx.reference_id && <small className="muted ellipsis">ref {tx.reference_id}</small>}
              </td>
              <td data-label="Created">
                <small>{dateMs(tx.created_at)}</small>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How a backend makes a wallet, for the empty states. */
export const createWalletSnippet = `import { PrivyClient } from '@privy-io/node'; // or '@latchkey/node'

const client = new PrivyClient({ appId, appSecret, apiUrl: 'https://your-latchkey.example' });
const wallet = await client.wallets().create({ chain_type: 'ethereum' });`;
