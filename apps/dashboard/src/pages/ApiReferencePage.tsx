import { useEffect, useState } from 'react';
import type { AdminApp } from '../api.ts';
import {
  curlFor,
  matches,
  type Reference,
  type ReferenceOperation,
  readReference,
} from '../api-reference.ts';
import { CopyButton } from '../components/CopyText.tsx';

const authLabels: Record<string, string> = {
  appId: 'App id header',
  userToken: "A user's access token (Bearer)",
  appSecret: 'App id and secret (Basic)',
  adminKey: 'Admin key (Bearer)',
  metricsToken: 'Metrics token (Bearer), when set',
};

/**
 * The server's OpenAPI document (`/openapi.json`) by area, each route expandable: its auth, path
 * parameters, body fields, response and errors, and a curl for the chosen app to copy.
 */
export function ApiReferencePage({ apps }: { apps: AdminApp[] }) {
  const [state, setState] = useState<Reference | 'missing' | 'loading' | string>('loading');
  const [filter, setFilter] = useState('');
  const [appId, setAppId] = useState<string>(apps[0]?.id ?? '');

  useEffect(() => {
    fetch('/openapi.json', { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.status === 404) return setState('missing');
        if (!response.ok) return setState(`The API reference could not be loaded (HTTP ${response.status}).`);
        setState(readReference(await response.json()));
      })
      .catch((e) => setState(`The API reference could not be loaded: ${(e as Error).message}`));
  }, []);

  const app = apps.find((a) => a.id === appId) ?? null;
  const domains = Array.isArray(app?.allowed_domains) ? (app.allowed_domains as string[]) : [];

  return (
    <>
      <h1>API reference</h1>
      {state === 'loading' && <p className="muted">Loading…</p>}
      {state === 'missing' && (
        <p className="notice">This server does not publish an OpenAPI document (/openapi.json) yet.</p>
      )}
      {typeof state === 'string' && state !== 'loading' && state !== 'missing' && (
        <p className="error">{state}</p>
      )}
      {typeof state === 'object' && (
        <>
          <section className="card reference-tools">
            <p className="muted">
              {state.title} at <code className="break">{state.serverUrl ?? window.location.origin}</code>. The
              whole document: <a href="/openapi.json">/openapi.json</a>.
            </p>
            <div className="row-form">
              <label className="field grow">
                <span>Filter routes</span>
                <input
                  type="search"
                  name="route_filter"
                  placeholder="e.g. post wallet, users, /admin"
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                />
              </label>
              {apps.length > 0 && (
                <label className="field">
                  <span>App in the examples</span>
                  <select name="reference_app" value={appId} onChange={(e) => setAppId(e.target.value)}>
                    {apps.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          </section>
          {state.areas.map((area) => {
            const shown = area.operations.filter((op) => matches(op, area.name, filter));
            if (shown.length === 0) return null;
            return (
              <section key={area.name} className="card" data-area={area.name}>
                <h2>
                  {area.name} <small className="muted">{shown.length}</small>
                </h2>
                {area.description && <p className="muted">{area.description}</p>}
                <ul className="routes">
                  {shown.map((op) => (
                    <li key={op.id}>
                      <OperationDetails
                        op={op}
                        curl={curlFor(op, {
                          baseUrl: state.serverUrl ?? window.location.origin,
                          appIdHeader: state.appIdHeader,
                          appId: app?.id ?? null,
                          origin: domains.find((d) => !d.includes('*')) ?? null,
                        })}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          {state.areas.every((area) => area.operations.every((op) => !matches(op, area.name, filter))) && (
            <p className="muted">No route matches “{filter}”.</p>
          )}
        </>
      )}
    </>
  );
}

function OperationDetails({ op, curl }: { op: ReferenceOperation; curl: string }) {
  return (
    <details className="route" data-route={op.id}>
      <summary>
        <span className={`method method-${op.method.toLowerCase()}`}>{op.method}</span>
        <code className="break">{op.path}</code>
        <span className="muted">{op.summary}</span>
      </summary>
      <div className="route-body">
        {op.description && <p>{op.description}</p>}
        <h4>Request</h4>
        <dl className="facts">
          <dt>Auth</dt>
          <dd>
            {op.auth.length === 0 ? 'None (public)' : op.auth.map((a) => authLabels[a] ?? a).join(', or ')}
          </dd>
          {op.params.length > 0 && (
            <>
              <dt>Path</dt>
              <dd>
                {op.params.map((p) => (
                  <code key={p} className="param">
                    {p}
                  </code>
                ))}
              </dd>
            </>
          )}
        </dl>
        {op.body && (
          <div className="table-wrap">
            <table className="fields">
              <thead>
                <tr>
                  <th>Body field</th>
                  <th>Type</th>
                  <th>Required</th>
                </tr>
              </thead>
              <tbody>
                {op.body.map((field) => (
                  <tr key={field.name}>
                    <td>
                      <code>{field.name}</code>
                      {field.description && <div className="muted">{field.description}</div>}
                    </td>
                    <td className="break">
                      <code>{field.type}</code>
                    </td>
                    <td>{field.required ? 'yes' : 'no'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {op.body?.length === 0 && <p className="muted">Body: a JSON object (fields not described).</p>}
        <h4>Response</h4>
        <p>
          <span className="badge badge-delivered">200</span> <code>{op.responseType}</code>
        </p>
        <h4>Errors</h4>
        <p className="muted">
          As <code>{'{ "error": "…", "code": "…" }'}</code>:
        </p>
        <ul className="errors">
          {op.errors.map((error) => (
            <li key={`${error.status}:${error.code}`}>
              <span className="badge badge-failed">{error.status}</span> <code>{error.code}</code>{' '}
              <span className="muted">{error.when}</span>
            </li>
          ))}
        </ul>
        <div className="heading-row">
          <h4>Try it</h4>
          <CopyButton text={curl} label="Copy curl" />
        </div>
        <pre className="mono curl" data-testid="curl">
          {curl}
        </pre>
      </div>
    </details>
  );
}
