import {
  type AdminKeyQuorum,
  type AdminServerWallet,
  type AdminServerWalletDetail,
  type AdminWalletBalances,
  type Policy,
  serverWalletChainTypes,
} from '@latchkey/protocol';
import { type FormEvent, useEffect, useState } from 'react';
import { api, appPath } from '../../api.ts';
import { CopyText } from '../../components/CopyText.tsx';
import { href } from '../../route.ts';
import {
  createWalletSnippet,
  dateMs,
  EmptyState,
  ErrorLine,
  quorumSummary,
  TransactionTable,
  usePaged,
} from './shared.tsx';

const filterFields = [
  ['user_id', 'Owner user id'],
  ['external_id', 'External id'],
  ['address', 'Address'],
] as const;

/** An owner in a few words: none (the app secret signs), a user, or a key quorum. */
function ownerText(wallet: AdminServerWallet): string {
  if (wallet.owner_user_id) return `user ${wallet.owner_user_id}`;
  if (wallet.owner_id) return `key quorum ${wallet.owner_id}`;
  return 'none (app secret)';
}

/** An app's server wallets: create one without an owner key, filter, open one read-only. */
export function WalletsPage({ appId }: { appId: string }) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState('');
  const wallets = usePaged<AdminServerWallet>(appPath(appId, `/wallets${applied}`));
  const policies = usePaged<Policy>(appPath(appId, '/policies'));
  const quorums = usePaged<AdminKeyQuorum>(appPath(appId, '/key_quorums'));
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState({
    chain_type: 'ethereum',
    display_name: '',
    policy_id: '',
    owner_id: '',
  });
  const [error, setError] = useState<string | null>(null);

  const applyFilters = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
    setApplied(query.size > 0 ? `?${query}` : '');
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const wallet = await api<AdminServerWallet>('POST', appPath(appId, '/wallets'), {
        chain_type: draft.chain_type,
        ...(draft.display_name.trim() ? { display_name: draft.display_name.trim() } : {}),
        ...(draft.policy_id ? { policy_ids: [draft.policy_id] } : {}),
        ...(draft.owner_id ? { owner_id: draft.owner_id } : {}),
      });
      setDraft({ ...draft, display_name: '' });
      await wallets.reload();
      setSelected(wallet.id);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const chainPolicies = (policies.items ?? []).filter((p) => p.chain_type === draft.chain_type);

  return (
    <div className="split">
      <section className="card">
        <h2>Create a wallet</h2>
        <form className="row-form" onSubmit={create} data-testid="create-wallet">
          <label className="field">
            <span>Chain type</span>
            <select
              name="wallet_chain_type"
              value={draft.chain_type}
              onChange={(e) => setDraft({ ...draft, chain_type: e.target.value, policy_id: '' })}
            >
              {serverWalletChainTypes.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          </label>
          <label className="field grow">
            <span>Display name</span>
            <input
              name="wallet_display_name"
              maxLength={50}
              placeholder="Treasury"
              value={draft.display_name}
              onChange={(e) => setDraft({ ...draft, display_name: e.target.value })}
            />
          </label>
          <label className="field">
            <span>Policy</span>
            <select
              name="wallet_policy"
              value={draft.policy_id}
              onChange={(e) => setDraft({ ...draft, policy_id: e.target.value })}
            >
              <option value="">None</option>
              {chainPolicies.map((policy) => (
                <option key={policy.id} value={policy.id}>
                  {policy.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Owner</span>
            <select
              name="wallet_owner"
              value={draft.owner_id}
              onChange={(e) => setDraft({ ...draft, owner_id: e.target.value })}
            >
              <option value="">None (app secret)</option>
              {(quorums.items ?? []).map((quorum) => (
                <option key={quorum.id} value={quorum.id}>
                  {quorum.display_name ?? quorum.id}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Create wallet</button>
        </form>
        <ErrorLine error={error} />

        <h2>Wallets</h2>
        <form className="row-form filters" onSubmit={applyFilters}>
          <label className="field">
            <span>Chain</span>
            <select
              name="filter_chain_type"
              value={filters.chain_type ?? ''}
              onChange={(e) => setFilters({ ...filters, chain_type: e.target.value })}
            >
              <option value="">Any</option>
              {serverWalletChainTypes.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          </label>
          {filterFields.map(([name, text]) => (
            <label key={name} className="field grow">
              <span>{text}</span>
              <input
                name={`filter_${name}`}
                value={filters[name] ?? ''}
                onChange={(e) => setFilters({ ...filters, [name]: e.target.value })}
              />
            </label>
          ))}
          <button type="submit" className="secondary">
            Filter
          </button>
        </form>
        <ErrorLine error={wallets.error} />
        {wallets.items?.length === 0 &&
          (applied ? (
            <p className="muted">No wallet matches these filters.</p>
          ) : (
            <EmptyState code={createWalletSnippet}>
              No server wallets yet. Create one above, or from your backend with the app secret:
            </EmptyState>
          ))}
        <ul className="list" data-testid="wallets">
          {wallets.items?.map((wallet) => {
            const policyName = policies.items?.find((p) => p.id === wallet.policy_ids[0])?.name;
            return (
              <li key={wallet.id}>
                <button
                  type="button"
                  className="list-item"
                  aria-pressed={selected === wallet.id}
                  onClick={() => setSelected(wallet.id)}
                >
                  <strong className="ellipsis">{wallet.display_name || wallet.address}</strong>
                  <small className="muted ellipsis mono">{wallet.address}</small>
                  <small className="muted">
                    {wallet.chain_type} · owner: {ownerText(wallet)}
                    {wallet.policy_ids.length > 0 ? ` · policy: ${policyName ?? wallet.policy_ids[0]}` : ''} ·{' '}
                    {dateMs(wallet.created_at)}
                  </small>
                </button>
              </li>
            );
          })}
        </ul>
        {wallets.next && (
          <button type="button" className="secondary" onClick={wallets.more}>
            More
          </button>
        )}
      </section>
      {selected && <WalletDetail appId={appId} walletId={selected} policies={policies.items ?? []} />}
    </div>
  );
}

function QuorumFacts({ quorum }: { quorum: AdminKeyQuorum }) {
  return (
    <div className="account">
      <span className="account-type">
        {quorum.implicit ? 'Owner key quorum' : quorum.display_name || 'Key quorum'}
      </span>
      <CopyText value={quorum.id} />
      <small className="muted">{quorumSummary(quorum)}</small>
      {quorum.authorization_keys.map((key) => (
        <CopyText key={key.public_key} value={key.public_key} />
      ))}
      {quorum.user_ids?.map((user) => (
        <small key={user} className="muted">
          user {user}
        </small>
      ))}
    </div>
  );
}

/** One wallet, read-only: who owns and signs for it, its policy, its newest sends, and balances. */
function WalletDetail({
  appId,
  walletId,
  policies,
}: {
  appId: string;
  walletId: string;
  policies: Policy[];
}) {
  const [detail, setDetail] = useState<AdminServerWalletDetail | null>(null);
  const [balances, setBalances] = useState<AdminWalletBalances | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setDetail(null);
    setBalances(null);
    const path = appPath(appId, `/wallets/${encodeURIComponent(walletId)}`);
    api<AdminServerWalletDetail>('GET', path)
      .then((loaded) => {
        setDetail(loaded);
        // A balance is read only where an RPC URL exists; a node's failure is a quiet note.
        if (loaded.rpc_chains.length > 0)
          api<AdminWalletBalances>('GET', `${path}/balance`)
            .then(setBalances)
            .catch(() => setBalances({ balances: [], errors: [] }));
      })
      .catch((e) => setError((e as Error).message));
  }, [appId, walletId]);

  if (error) return <ErrorLine error={error} />;
  if (!detail) return <section className="card">Loading…</section>;
  const { wallet } = detail;
  const owned = wallet.owner_id !== null;
  return (
    <section className="card" data-testid="wallet-detail">
      <h2>{wallet.display_name || 'Wallet'}</h2>
      {owned && (
        <p className="notice" data-testid="owned-note">
          This wallet has an owner: changes need the owner's authorization signature, so they are made from
          the backend, not here.
        </p>
      )}
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <CopyText value={wallet.id} />
        </dd>
        <dt>Address</dt>
        <dd>
          <CopyText value={wallet.address} />
        </dd>
        <dt>Chain type</dt>
        <dd>{wallet.chain_type}</dd>
        <dt>Created</dt>
        <dd>{dateMs(wallet.created_at)}</dd>
        {wallet.external_id && (
          <>
            <dt>External id</dt>
            <dd>{wallet.external_id}</dd>
          </>
        )}
        {wallet.exported_at && (
          <>
            <dt>Exported</dt>
            <dd>{dateMs(wallet.exported_at)}</dd>
          </>
        )}
        {wallet.imported_at && (
          <>
            <dt>Imported</dt>
            <dd>{dateMs(wallet.imported_at)}</dd>
          </>
        )}
      </dl>
      <h3>Owner</h3>
      {wallet.owner_user_id && <p>User {wallet.owner_user_id}</p>}
      {detail.owner ? (
        <QuorumFacts quorum={detail.owner} />
      ) : (
        <p className="muted">None: the app secret alone authorizes this wallet.</p>
      )}
      <h3>Additional signers</h3>
      {detail.signers.length === 0 && <p className="muted">None.</p>}
      {detail.signers.map((signer) =>
        signer.key_quorum ? (
          <QuorumFacts key={signer.signer_id} quorum={signer.key_quorum} />
        ) : (
          <p key={signer.signer_id} className="muted">
            {signer.signer_id} (no longer exists)
          </p>
        ),
      )}
      <h3>Policy</h3>
      {wallet.policy_ids.length === 0 ? (
        <p className="muted">None: every request the owner authorizes is signed.</p>
      ) : (
        wallet.policy_ids.map((id) => (
          <p key={id}>
            <a href={href('apps', appId, 'policies')}>{policies.find((p) => p.id === id)?.name ?? id}</a>
          </p>
        ))
      )}
      <h3>Balance</h3>
      {detail.rpc_chains.length === 0 && (
        <p className="muted">
          No RPC URL for this chain type: set LATCHKEY_RPC_URLS or the app's RPC URLs to see balances.
        </p>
      )}
      {balances?.balances.map((balance) => (
        <p key={balance.chain} data-testid="balance">
          <strong>{Object.values(balance.display_values)[0]}</strong> {balance.asset.toUpperCase()}{' '}
          <small className="muted">on {balance.chain}</small>
        </p>
      ))}
      {balances?.errors.map((problem) => (
        <small key={problem.caip2} className="muted" data-testid="balance-error">
          {problem.caip2}: balance unavailable ({problem.message})
        </small>
      ))}
      <h3>Recent transactions</h3>
      {detail.transactions.length === 0 ? (
        <p className="muted">No sends yet.</p>
      ) : (
        <TransactionTable transactions={detail.transactions} />
      )}
    </section>
  );
}
