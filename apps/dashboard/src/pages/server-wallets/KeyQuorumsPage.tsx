import type { AdminKeyQuorum } from '@latchkey/protocol';
import { type FormEvent, useEffect, useState } from 'react';
import { api, appPath } from '../../api.ts';
import { CopyText } from '../../components/CopyText.tsx';
import { dateMs, EmptyState, ErrorLine, quorumSummary, usePaged } from './shared.tsx';

type QuorumDetail = AdminKeyQuorum & { wallet_ids: string[] };

/**
 * Key quorums: P-256 authorization keys (and users) of which a threshold must sign. Created here
 * from pasted public keys; the owner quorums made for a wallet's `owner` object show on request.
 */
export function KeyQuorumsPage({ appId }: { appId: string }) {
  const [implicit, setImplicit] = useState(false);
  const quorums = usePaged<AdminKeyQuorum>(appPath(appId, `/key_quorums${implicit ? '?implicit=true' : ''}`));
  const [keys, setKeys] = useState('');
  const [threshold, setThreshold] = useState('');
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  /** Keys one per line; a PEM block (several lines) is one key. */
  const pastedKeys = () => {
    const pem = keys.match(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g) ?? [];
    const rest = keys
      .replace(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g, '')
      .split(/[\s,]+/)
      .filter(Boolean);
    return [...pem, ...rest];
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const quorum = await api<AdminKeyQuorum>('POST', appPath(appId, '/key_quorums'), {
        public_keys: pastedKeys(),
        ...(threshold ? { authorization_threshold: Number(threshold) } : {}),
        ...(name.trim() ? { display_name: name.trim() } : {}),
      });
      setKeys('');
      setThreshold('');
      setName('');
      await quorums.reload();
      setSelected(quorum.id);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <div className="split">
      <section className="card">
        <h2>Create a key quorum</h2>
        <form onSubmit={create} data-testid="create-quorum">
          <label className="field">
            <span>Public keys</span>
            <textarea
              name="quorum_public_keys"
              rows={4}
              placeholder="P-256 public keys, base64 SPKI or PEM, one per line"
              value={keys}
              onChange={(e) => setKeys(e.target.value)}
              required
            />
            <small className="muted">
              Generate a pair in your backend (e.g. <code>generateP256KeyPair()</code> of @privy-io/node) and
              paste the public half; the private half never leaves your backend.
            </small>
          </label>
          <div className="row-form">
            <label className="field">
              <span>Threshold</span>
              <input
                name="quorum_threshold"
                type="number"
                min={1}
                placeholder="all"
                value={threshold}
                onChange={(e) => setThreshold(e.target.value)}
              />
            </label>
            <label className="field grow">
              <span>Display name</span>
              <input
                name="quorum_display_name"
                maxLength={50}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </label>
            <button type="submit">Create key quorum</button>
          </div>
        </form>
        <ErrorLine error={error} />
        <div className="heading-row">
          <h2>Key quorums</h2>
          <label className="check">
            <input
              type="checkbox"
              name="show_implicit"
              checked={implicit}
              onChange={(e) => setImplicit(e.target.checked)}
            />
            <span>Show wallet owner quorums</span>
          </label>
        </div>
        <ErrorLine error={quorums.error} />
        {quorums.items?.length === 0 && (
          <EmptyState>
            No key quorums yet. Create one above from your backend's public keys, then name it as a wallet's
            owner or additional signer.
          </EmptyState>
        )}
        <ul className="list" data-testid="quorums">
          {quorums.items?.map((quorum) => (
            <li key={quorum.id}>
              <button
                type="button"
                className="list-item"
                aria-pressed={selected === quorum.id}
                onClick={() => setSelected(quorum.id)}
              >
                <strong className="ellipsis">{quorum.display_name || quorum.id}</strong>
                <small className="muted">
                  {quorumSummary(quorum)}
                  {quorum.implicit ? ' · owner quorum (implicit)' : ''} · {dateMs(quorum.created_at)}
                </small>
              </button>
            </li>
          ))}
        </ul>
        {quorums.next && (
          <button type="button" className="secondary" onClick={quorums.more}>
            More
          </button>
        )}
      </section>
      {selected && <QuorumDetailCard appId={appId} quorumId={selected} />}
    </div>
  );
}

function QuorumDetailCard({ appId, quorumId }: { appId: string; quorumId: string }) {
  const [quorum, setQuorum] = useState<QuorumDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<QuorumDetail>('GET', appPath(appId, `/key_quorums/${encodeURIComponent(quorumId)}`))
      .then(setQuorum)
      .catch((e) => setError((e as Error).message));
  }, [appId, quorumId]);
  if (error) return <ErrorLine error={error} />;
  if (!quorum) return <section className="card">Loading…</section>;
  return (
    <section className="card" data-testid="quorum-detail">
      <h2>{quorum.display_name || 'Key quorum'}</h2>
      <dl className="facts">
        <dt>Id</dt>
        <dd>
          <CopyText value={quorum.id} />
        </dd>
        <dt>Threshold</dt>
        <dd>{quorumSummary(quorum)}</dd>
        <dt>Implicit</dt>
        <dd>{quorum.implicit ? "yes (made for a wallet's owner)" : 'no'}</dd>
        <dt>Created</dt>
        <dd>{dateMs(quorum.created_at)}</dd>
      </dl>
      <h3>Authorization keys</h3>
      {quorum.authorization_keys.length === 0 && <p className="muted">None.</p>}
      {quorum.authorization_keys.map((key) => (
        <CopyText key={key.public_key} value={key.public_key} />
      ))}
      {quorum.user_ids && (
        <>
          <h3>Users</h3>
          {quorum.user_ids.map((user) => (
            <CopyText key={user} value={user} />
          ))}
        </>
      )}
      <h3>Wallets it owns or signs for</h3>
      {quorum.wallet_ids.length === 0 && <p className="muted">None.</p>}
      {quorum.wallet_ids.map((id) => (
        <CopyText key={id} value={id} />
      ))}
    </section>
  );
}
