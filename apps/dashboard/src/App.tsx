import { useCallback, useEffect, useState } from 'react';
import { type AdminApp, api, logout, onLoggedOut } from './api.ts';
import { loginWithLink, takeLoginLink } from './loginLink.ts';
import { ApiReferencePage } from './pages/ApiReferencePage.tsx';
import { AppPage } from './pages/AppPage.tsx';
import { AppsPage } from './pages/AppsPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { href, useLocation } from './route.ts';

type Session = 'checking' | 'in' | 'out';

/** The shell: login first; then the apps, one app's tabs, or the API reference. */
export function App() {
  const [session, setSession] = useState<Session>('checking');
  const [apps, setApps] = useState<AdminApp[]>([]);
  const [development, setDevelopment] = useState(false);
  const location = useLocation();

  const reload = useCallback(async () => {
    const list = await api<{ data: AdminApp[]; development?: boolean }>('GET', '/admin/v1/apps');
    setApps(list.data);
    setDevelopment(list.development === true);
    setSession('in');
  }, []);

  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    // A login link first (it replaces any session); then a live session cookie logs straight in,
    // and a 401 shows the login.
    const link = takeLoginLink();
    (link ? loginWithLink(link).catch((error: Error) => setNotice(error.message)) : Promise.resolve())
      .then(reload)
      .catch(() => setSession('out'));
    return onLoggedOut(() => setSession('out'));
  }, [reload]);

  if (session === 'checking') return <p className="loading">Loading…</p>;
  if (session === 'out')
    return <LoginPage notice={notice} onLoggedIn={() => reload().catch(() => setSession('out'))} />;

  const current = location.appId ? apps.find((app) => app.id === location.appId) : undefined;
  return (
    <div className="shell">
      <header className="topbar">
        <a className="brand" href={href('apps')}>
          Latchkey
        </a>
        <nav className="topnav" aria-label="Main">
          <a href={href('apps')} aria-current={location.page !== 'api' ? 'page' : undefined}>
            Apps
          </a>
          <a href={href('api')} aria-current={location.page === 'api' ? 'page' : undefined}>
            API reference
          </a>
        </nav>
        <button
          type="button"
          className="secondary"
          onClick={async () => {
            await logout().catch(() => {});
            setSession('out');
          }}
        >
          Log out
        </button>
      </header>
      <main className="content">
        {location.page === 'api' && <ApiReferencePage apps={apps} />}
        {location.page === 'apps' && <AppsPage apps={apps} onCreated={reload} />}
        {location.page === 'app' &&
          (current ? (
            <AppPage
              app={current}
              tab={location.tab}
              section={location.section}
              development={development}
              onChanged={reload}
            />
          ) : (
            <p className="notice">App {location.appId} not found.</p>
          ))}
      </main>
    </div>
  );
}
