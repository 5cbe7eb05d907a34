import { useEffect, useState } from 'react';

/**
 * Where the dashboard is: the URL's hash (`#/apps/{id}/settings`), so the server serves one page
 * and a reload or a shared link lands on the same screen.
 */
export interface Location {
  /** `apps`, `app` or `api`. */
  page: string;
  appId: string | null;
  tab: string;
  /** A settings section (`#/apps/{id}/settings/{section}`); '' for the first. */
  section: string;
}

export function parseHash(hash: string): Location {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'api') return { page: 'api', appId: null, tab: '', section: '' };
  if (parts[0] === 'apps' && parts[1])
    return { page: 'app', appId: parts[1], tab: parts[2] ?? 'settings', section: parts[3] ?? '' };
  return { page: 'apps', appId: null, tab: '', section: '' };
}

export const href = (...parts: string[]) => `#/${parts.map(encodeURIComponent).join('/')}`;

export function useLocation(): Location {
  const [location, setLocation] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const update = () => setLocation(parseHash(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return location;
}
