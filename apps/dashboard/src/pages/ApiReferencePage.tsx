import { useEffect, useState } from 'react';

interface Operation {
  method: string;
  path: string;
  summary: string;
}

type OpenApi = {
  info?: { title?: string; version?: string };
  paths?: Record<string, Record<string, { summary?: string; description?: string }>>;
};

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** The server's OpenAPI document (`/openapi.json`) as a list of routes; its absence is said plainly. */
export function ApiReferencePage() {
  const [state, setState] = useState<
    { operations: Operation[]; title: string } | 'missing' | 'loading' | string
  >('loading');
  const [filter, setFilter] = useState('');

  useEffect(() => {
    fetch('/openapi.json', { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.status === 404) return setState('missing');
        if (!response.ok) return setState(`The API reference could not be loaded (HTTP ${response.status}).`);
        const doc = (await response.json()) as OpenApi;
        const operations: Operation[] = [];
        for (const [path, item] of Object.entries(doc.paths ?? {}))
          for (const method of methods) {
            const operation = item[method];
            if (operation)
              operations.push({
                method: method.toUpperCase(),
                path,
                summary: operation.summary ?? operation.description ?? '',
              });
          }
        setState({ operations, title: `${doc.info?.title ?? 'API'} ${doc.info?.version ?? ''}`.trim() });
      })
      .catch((e) => setState(`The API reference could not be loaded: ${(e as Error).message}`));
  }, []);

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
        <section className="card">
          <div className="heading-row">
            <h2>{state.title}</h2>
            <input
              type="search"
              aria-label="Filter routes"
              placeholder="Filter"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
            />
          </div>
          <ul className="routes">
            {state.operations
              .filter((o) =>
                `${o.method} ${o.path} ${o.summary}`.toLowerCase().includes(filter.toLowerCase()),
              )
              .map((o) => (
                <li key={`${o.method} ${o.path}`}>
                  <span className={`method method-${o.method.toLowerCase()}`}>{o.method}</span>
                  <code className="break">{o.path}</code>
                  <span className="muted">{o.summary}</span>
                </li>
              ))}
          </ul>
        </section>
      )}
    </>
  );
}
