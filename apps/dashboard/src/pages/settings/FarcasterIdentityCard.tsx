import { type KeyboardEvent, useEffect, useState } from 'react';
import { AdminApiError, api, appPath } from '../../api.ts';
import { type FarcasterIdentityView, identityProblems } from './farcaster-identity.ts';

/**
 * The app's own Farcaster account, for Farcaster signers: its fid and the private key of its
 * custody address, which signs every signed key request the app's users approve. Saved on its own
 * (not with the section's Save): the server checks the key against the fid's custody on the chain,
 * seals it, and shows back only the fid and the custody address.
 */
export function FarcasterIdentityCard({ appId }: { appId: string }) {
  const path = appPath(appId, '/farcaster_identity');
  const [identity, setIdentity] = useState<FarcasterIdentityView | null>(null);
  const [fid, setFid] = useState('');
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<FarcasterIdentityView>('GET', path).then(
      (view) => {
        setIdentity(view);
        setFid(view.fid === null ? '' : String(view.fid));
      },
      (e: Error) => setStatus(e.message),
    );
  }, [path]);

  const run = async (action: () => Promise<FarcasterIdentityView>, done: string) => {
    setBusy(true);
    setStatus(null);
    setErrors({});
    try {
      const view = await action();
      setIdentity(view);
      setFid(view.fid === null ? '' : String(view.fid));
      setKey('');
      setStatus(done);
    } catch (e) {
      const error = e as Error;
      if (error instanceof AdminApiError && error.field) setErrors({ [error.field]: error.message });
      setStatus(error.message);
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const problems = identityProblems(fid, key);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setStatus(null);
      return;
    }
    void run(
      () =>
        api<FarcasterIdentityView>('PUT', path, {
          fid: Number(fid.trim()),
          custody_private_key: key.trim(),
        }),
      'Saved.',
    );
  };
  const clear = () => {
    if (!window.confirm('Clear the app’s Farcaster identity? Signer requests stop until a new one is set.'))
      return;
    void run(() => api<FarcasterIdentityView>('DELETE', path), 'Cleared.');
  };
  // Enter saves this card, not the section around it.
  const onEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    save();
  };

  return (
    <section className="card" data-testid="lk-farcaster-identity">
      <h3>Farcaster signer: the app’s Farcaster account</h3>
      <p className="muted">
        Users add a signer to their Farcaster account through a request this account signs. Its custody key is
        sealed on the server and never shown again.
      </p>
      {identity?.fid != null && identity.custody_address && (
        <dl className="facts">
          <dt>Fid</dt>
          <dd>{identity.fid}</dd>
          <dt>Custody address</dt>
          <dd>
            <code>{identity.custody_address}</code>
          </dd>
        </dl>
      )}
      <div className="field" data-field="farcaster_identity.fid">
        <label htmlFor="lk-farcaster-identity-fid">App fid</label>
        <input
          id="lk-farcaster-identity-fid"
          inputMode="numeric"
          autoComplete="off"
          value={fid}
          onChange={(e) => setFid(e.target.value)}
          onKeyDown={onEnter}
        />
        {errors.fid && (
          <small className="error" role="alert" data-testid="error-farcaster_identity.fid">
            {errors.fid}
          </small>
        )}
      </div>
      <div className="field" data-field="farcaster_identity.custody_private_key">
        <label htmlFor="lk-farcaster-identity-key">Custody private key</label>
        <input
          id="lk-farcaster-identity-key"
          type="password"
          autoComplete="off"
          placeholder={identity?.custody_address ? 'Set. Type the key again to change the identity.' : '0x…'}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onKeyDown={onEnter}
        />
        {errors.custody_private_key && (
          <small className="error" role="alert" data-testid="error-farcaster_identity.custody_private_key">
            {errors.custody_private_key}
          </small>
        )}
      </div>
      <div className="save-actions">
        <button type="button" disabled={busy} onClick={save}>
          {busy ? 'Saving…' : 'Save Farcaster account'}
        </button>
        {identity?.fid != null && (
          <button type="button" className="secondary" disabled={busy} onClick={clear}>
            Clear
          </button>
        )}
      </div>
      {status && (
        <p className={status === 'Saved.' || status === 'Cleared.' ? 'muted' : 'error'} role="status">
          {status}
        </p>
      )}
    </section>
  );
}
