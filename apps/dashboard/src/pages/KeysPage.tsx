import { useState } from 'react';
import { type AdminApp, api, appPath } from '../api.ts';

/** Signing-key rotation, and the app's test credentials (a fixed email, phone and code for reviewers). */
export function KeysPage({ app, onSaved }: { app: AdminApp; onSaved(): Promise<void> }) {
  const [kid, setKid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const s = app.settings;

  const act = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <>
      <section className="card">
        <h2>Signing key</h2>
        <p className="muted">
          Rotating makes a new key sign new tokens; the old key stays in the JWKS until tokens it signed
          expire.
        </p>
        <button
          type="button"
          onClick={() =>
            act(async () => {
              if (!window.confirm('Rotate the signing key?')) return;
              setKid((await api<{ kid: string }>('POST', appPath(app.id, '/signing_keys/rotate'))).kid);
            })
          }
        >
          Rotate signing key
        </button>
        {kid && (
          <p role="status">
            New key id: <code>{kid}</code>
          </p>
        )}
      </section>
      <section className="card">
        <h2>Test credentials</h2>
        <p className="muted">
          A fixed login for app-store reviewers and automated tests: no message is sent.
        </p>
        <dl className="facts">
          <dt>Enabled</dt>
          <dd>{s.test_credentials_enabled ? 'yes' : 'no'}</dd>
          <dt>Email</dt>
          <dd>
            <code>{String(s.test_email ?? '')}</code>
          </dd>
          <dt>Phone</dt>
          <dd>
            <code>{String(s.test_phone_number ?? '')}</code>
          </dd>
          <dt>Code</dt>
          <dd>
            <code>{String(s.test_otp_code ?? '')}</code>
          </dd>
        </dl>
        <button
          type="button"
          className="secondary"
          onClick={() =>
            act(async () => {
              await api('PATCH', appPath(app.id), { test_credentials_enabled: !s.test_credentials_enabled });
              await onSaved();
            })
          }
        >
          {s.test_credentials_enabled ? 'Disable test credentials' : 'Enable test credentials'}
        </button>
      </section>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
