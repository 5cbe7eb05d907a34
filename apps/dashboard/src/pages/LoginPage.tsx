import { type FormEvent, useState } from 'react';
import { login } from '../api.ts';

/**
 * The admin key is sent once, to `POST /admin/v1/session`, and forgotten: the session is an HttpOnly
 * cookie the page's script never sees.
 */
export function LoginPage({ onLoggedIn, notice }: { onLoggedIn(): void; notice?: string | null }) {
  const [key, setKey] = useState('');
  // A login link that did not work says why here (notice), until a key is tried.
  const [error, setError] = useState<string | null>(notice ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(key.trim());
      setKey('');
      onLoggedIn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit}>
        <h1>Latchkey dashboard</h1>
        <p className="muted">
          Log in with the server's admin key (<code>LATCHKEY_ADMIN_KEY</code>, or the key printed on its first
          start; <code>latchkey admin-key --rotate</code> makes a new one). In development, the one-time link{' '}
          <code>latchkey dev</code> prints at every start logs in without it.
        </p>
        <label className="field">
          <span>Admin key</span>
          <input
            type="password"
            name="admin_key"
            autoComplete="current-password"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            required
            aria-invalid={error ? true : undefined}
          />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy || !key.trim()}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </main>
  );
}
