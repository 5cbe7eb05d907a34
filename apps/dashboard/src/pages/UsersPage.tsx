import type { UsersPage as Page, User } from '@latchkey/protocol';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, appPath } from '../api.ts';
import { CopyText } from '../components/CopyText.tsx';
import { accountTypeLabel, recoveryMethodLabel, walletClientLabel } from '../labels.ts';

type Account = Record<string, unknown> & { type: string };

/** What names an account: its address, number, subject or id, whichever it has. */
function identifier(account: Account): string {
  for (const key of [
    'address',
    'phoneNumber',
    'email',
    'username',
    'subject',
    'custom_user_id',
    'fid',
    'credential_id',
    'telegram_user_id',
  ])
    if (account[key] !== undefined && account[key] !== null) return String(account[key]);
  return '';
}

const date = (seconds: unknown) =>
  typeof seconds === 'number' ? new Date(seconds * 1000).toLocaleString() : '';

/** An app's users: search (any account identifier, or the user id), view one, delete. */
export function UsersPage({ appId }: { appId: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState<Page | null>(null);
  const [selected, setSelected] = useState<User | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (term: string, cursor?: string) => {
      setError(null);
      const query = new URLSearchParams();
      if (term.trim()) query.set('search', term.trim());
      if (cursor) query.set('cursor', cursor);
      try {
        const next = await api<Page>('GET', appPath(appId, `/users?${query}`));
        setPage((current) =>
          cursor && current ? { data: [...current.data, ...next.data], next_cursor: next.next_cursor } : next,
        );
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [appId],
  );

  useEffect(() => {
    load('');
  }, [load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSelected(null);
    load(search);
  };

  const remove = async (user: User) => {
    if (!window.confirm(`Delete ${user.id} and everything linked to it? This cannot be undone.`)) return;
    try {
      await api('DELETE', appPath(appId, `/users/${encodeURIComponent(user.id)}`));
      setSelected(null);
      await load(search);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div className="split">
      <section className="card">
        <form className="row-form" onSubmit={submit}>
          <label className="field grow">
            <span>Search users</span>
            <input
              name="search"
              type="search"
              placeholder="Email, phone, wallet address, user id…"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </label>
          <button type="submit">Search</button>
        </form>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {page && page.data.length === 0 && <p className="muted">No users found.</p>}
        <ul className="list" data-testid="users">
          {page?.data.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                className="list-item"
                aria-pressed={selected?.id === user.id}
                onClick={() => setSelected(user)}
              >
                <strong className="ellipsis">
                  {(user.linked_accounts as Account[]).map(identifier).filter(Boolean)[0] ?? user.id}
                </strong>
                <small className="muted break">
                  {user.id} · {date(user.created_at)}
                </small>
              </button>
            </li>
          ))}
        </ul>
        {page?.next_cursor && (
          <button
            type="button"
            className="secondary"
            onClick={() => load(search, page.next_cursor ?? undefined)}
          >
            More
          </button>
        )}
      </section>
      {selected && <UserDetail user={selected} onDelete={() => remove(selected)} />}
    </div>
  );
}

function UserDetail({ user, onDelete }: { user: User; onDelete(): void }) {
  const accounts = user.linked_accounts as Account[];
  const wallets = accounts.filter((a) => a.type === 'wallet' || a.type === 'smart_wallet');
  const others = accounts.filter((a) => a.type !== 'wallet' && a.type !== 'smart_wallet');
  return (
    <section className="card" data-testid="user-detail">
      <h2>User</h2>
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <CopyText value={user.id} />
        </dd>
        <dt>Created</dt>
        <dd>{date(user.created_at)}</dd>
        <dt>Guest</dt>
        <dd>{user.is_guest ? 'yes' : 'no'}</dd>
        <dt>Accepted terms</dt>
        <dd>{user.has_accepted_terms ? 'yes' : 'no'}</dd>
        <dt>MFA</dt>
        <dd>{user.mfa_methods.map((m) => m.type).join(', ') || 'none'}</dd>
      </dl>
      <h3>Linked accounts</h3>
      <AccountTable accounts={others} empty="None" />
      <h3>Wallets</h3>
      <AccountTable accounts={wallets} empty="No wallets" />
      {user.custom_metadata && Object.keys(user.custom_metadata).length > 0 && (
        <>
          <h3>Custom metadata</h3>
          <pre className="mono">{JSON.stringify(user.custom_metadata, null, 2)}</pre>
        </>
      )}
      <button type="button" className="danger" onClick={onDelete}>
        Delete user
      </button>
    </section>
  );
}

/** Accounts as stacked cards: a type, the identifier (cut to fit, with Copy), and what else is known. */
function AccountTable({ accounts, empty }: { accounts: Account[]; empty: string }) {
  if (accounts.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="accounts" data-testid="accounts">
      {accounts.map((account) => {
        const details = [
          typeof account.chain_type === 'string' ? account.chain_type : null,
          typeof account.wallet_client_type === 'string'
            ? walletClientLabel(account.wallet_client_type)
            : null,
          typeof account.recovery_method === 'string'
            ? `recovery: ${recoveryMethodLabel(account.recovery_method)}`
            : null,
          account.verified_at ? `verified ${date(account.verified_at)}` : null,
        ].filter(Boolean);
        return (
          <li key={`${account.type}:${identifier(account)}`} className="account">
            <span className="account-type">{accountTypeLabel(account.type)}</span>
            {identifier(account) && <CopyText value={identifier(account)} />}
            {details.length > 0 && <small className="muted">{details.join(' · ')}</small>}
          </li>
        );
      })}
    </ul>
  );
}
