/**
 * The dashboard's one way out: same-origin calls to the admin API (`/admin/v1`), authenticated by
 * the HttpOnly session cookie the login sets. Every call carries `x-latchkey-admin: 1`, which the
 * server requires of cookie-authenticated writes (a cross-site form cannot send it).
 */

export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The field a validation error names (`Invalid <field>: …`), as a dotted path. */
  readonly field: string | null;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = /^Invalid ([A-Za-z0-9_.:-]+): /.exec(message)?.[1] ?? null;
  }
}

type Listener = () => void;
const loggedOutListeners = new Set<Listener>();

/** Called when a call comes back 401: the session has ended (expired, or logged out elsewhere). */
export function onLoggedOut(listener: Listener): () => void {
  loggedOutListeners.add(listener);
  return () => loggedOutListeners.delete(listener);
}

export async function api<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-latchkey-admin': '1' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {}
  if (!response.ok) {
    const error = (json ?? {}) as { error?: string; code?: string };
    if (response.status === 401 && !path.endsWith('/session'))
      for (const listener of loggedOutListeners) listener();
    throw new AdminApiError(response.status, error.code ?? 'error', error.error ?? `HTTP ${response.status}`);
  }
  return json as T;
}

/** `/admin/v1/apps/{id}` and below, the id escaped. */
export const appPath = (id: string, rest = '') => `/admin/v1/apps/${encodeURIComponent(id)}${rest}`;

/** The admin view of an app: public config fields and `settings` (secrets only as 'set'). */
export type AdminApp = Record<string, unknown> & {
  id: string;
  name: string;
  settings: Record<string, unknown>;
  /** The features' secret settings: what the Settings page offers to set, replace or clear. */
  secret_settings?: SecretSettingView[];
  created_at: number;
};

/** A secret setting as the admin API describes it: never its value, only whether it is set. */
export interface SecretSettingView {
  field: string;
  label: string;
  set: boolean;
}

export const login = (adminKey: string) =>
  api<{ expires_at: number }>('POST', '/admin/v1/session', { admin_key: adminKey });
export const logout = () => api<{ deleted: boolean }>('DELETE', '/admin/v1/session');
