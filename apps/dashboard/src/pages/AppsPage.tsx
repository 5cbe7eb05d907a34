import { normaliseAllowedDomain } from '@latchkey/protocol';
import { type FormEvent, useState } from 'react';
import { type AdminApiError, type AdminApp, api } from '../api.ts';
import { Secret } from '../components/Secret.tsx';
import { href } from '../route.ts';

/** Every app, and a form to create one (its secret is shown once). */
export function AppsPage({ apps, onCreated }: { apps: AdminApp[]; onCreated(): Promise<void> }) {
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const [error, setError] = useState<AdminApiError | null>(null);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body: Record<string, unknown> = { name: name.trim() };
      if (domain.trim()) body.allowed_domains = [domain.trim()];
      const result = await api<{ id: string; secret: string }>('POST', '/admin/v1/apps', body);
      setCreated(result);
      setName('');
      setDomain('');
      await onCreated();
    } catch (e) {
      setError(e as AdminApiError);
    }
  };

  return (
    <>
      <h1>Apps</h1>
      <section className="card">
        <h2>Create an app</h2>
        <form className="row-form" onSubmit={create}>
          <label className="field">
            <span>Name</span>
            <input
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={100}
            />
          </label>
          <label className="field">
            <span>Allowed domain (optional)</span>
            <input
              name="allowed_domain"
              placeholder="https://app.example.com"
              value={domain}
              onChange={(e) => setDomain(e.target.value)}
              onBlur={() => setDomain(normaliseAllowedDomain(domain))}
            />
            {domain.trim() && normaliseAllowedDomain(domain) !== domain && (
              <small className="muted">
                Saved as <code>{normaliseAllowedDomain(domain)}</code>
              </small>
            )}
          </label>
          <button type="submit" disabled={!name.trim()}>
            Create app
          </button>
        </form>
        {error && (
          <p className="error" role="alert">
            {error.message}
          </p>
        )}
        {created && (
          <div className="callout" data-testid="created-app">
            <p>
              App <a href={href('apps', created.id, 'settings')}>{created.id}</a> created. Copy its secret
              now: it is not shown again.
            </p>
            <Secret label="App secret" value={created.secret} />
          </div>
        )}
      </section>
      <section className="card">
        <h2>Your apps</h2>
        {apps.length === 0 ? (
          <p className="muted">No apps yet.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th>Name</th>
                  <th>App id</th>
                  <th>Environment</th>
                  <th>Created</th>
                </tr>
              </thead>
              <tbody>
                {apps.map((app) => (
                  <tr key={app.id}>
                    <td>
                      <a href={href('apps', app.id, 'settings')}>{app.name}</a>
                    </td>
                    <td>
                      <code>{app.id}</code>
                    </td>
                    <td>{String(app.settings.environment ?? '')}</td>
                    <td>{new Date(app.created_at * 1000).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
