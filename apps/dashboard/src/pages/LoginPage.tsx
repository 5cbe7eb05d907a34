import { type FormEvent, useState } from 'react';
import { login } from '../api.ts';

/**
 * The admin key is sent once, to `POST /admin/v1/session`, and forgotten: the session is an HttpOnly
 * cookie the page's script never sees.
 */
export function LoginPage({ onLoggedIn }: { onLoggedIn(): void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
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
          Log in with the server's admin key (<code>LATCHKEY_ADMIN_KEY</code>, or the key printed on first
          start).
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
