import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
  webhookEventTypes,
} from '@latchkey/protocol';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { api, appPath } from '../api.ts';
import { Secret } from '../components/Secret.tsx';

const date = (seconds: number | null) => (seconds ? new Date(seconds * 1000).toLocaleString() : '');

/** An app's webhook endpoints (the secret shown once), each one's delivery log, and resend. */
export function WebhooksPage({ appId, development }: { appId: string; development: boolean }) {
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[]>([]);
  const [url, setUrl] = useState('');
  /** The event types the new endpoint receives: `null` is every type, now and added later. */
  const [eventTypes, setEventTypes] = useState<WebhookEventType[] | null>(null);
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const list = await api<{ data: WebhookEndpoint[] }>('GET', appPath(appId, '/webhooks'));
    setEndpoints(list.data);
  }, [appId]);

  useEffect(() => {
    load().catch((e) => setError((e as Error).message));
  }, [load]);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (eventTypes?.length === 0) {
      setError('Pick at least one event type, or all events.');
      return;
    }
    run(async () => {
      const endpoint = await api<WebhookEndpointWithSecret>('POST', appPath(appId, '/webhooks'), {
        url: url.trim(),
        ...(eventTypes ? { event_types: eventTypes } : {}),
      });
      setCreated(endpoint);
      setSelected(endpoint.id);
      setUrl('');
      setEventTypes(null);
    });
  };

  return (
    <div className="split">
      <section className="card">
        <h2>Endpoints</h2>
        {development && (
          <p className="notice" data-testid="development-webhooks">
            This server runs in development mode: endpoints on this machine (
            <code>http://localhost:4000/…</code>, <code>127.0.0.1</code>) and plain <code>http://</code> URLs
            are allowed. In production, endpoints must be public <code>https://</code> URLs.
          </p>
        )}
        <form className="row-form" onSubmit={create}>
          <label className="field grow">
            <span>Endpoint URL</span>
            <input
              name="webhook_url"
              type="url"
              placeholder="https://api.example.com/webhooks"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
            />
          </label>
          <button type="submit">Add endpoint</button>
          <fieldset className="multi event-types" data-field="event_types">
            <legend>Event types</legend>
            <label className="check">
              <input
                type="checkbox"
                name="event_types:all"
                checked={eventTypes === null}
                onChange={(e) => setEventTypes(e.target.checked ? null : [])}
              />
              <span>All events</span>
            </label>
            {eventTypes !== null &&
              webhookEventTypes.map((type) => (
                <label key={type} className="check">
                  <input
                    type="checkbox"
                    name={`event_types:${type}`}
                    checked={eventTypes.includes(type)}
                    onChange={(e) =>
                      setEventTypes(
                        e.target.checked ? [...eventTypes, type] : eventTypes.filter((t) => t !== type),
                      )
                    }
                  />
                  <span>{type}</span>
                </label>
              ))}
          </fieldset>
        </form>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {created && (
          <div className="callout">
            <p>Endpoint added. Copy its signing secret now: it is not shown again.</p>
            <Secret label="Signing secret" value={created.secret} />
          </div>
        )}
        {endpoints.length === 0 && <p className="muted">No endpoints yet.</p>}
        <ul className="list" data-testid="endpoints">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="endpoint">
              <button
                type="button"
                className="list-item"
                aria-pressed={selected === endpoint.id}
                onClick={() => setSelected(endpoint.id)}
              >
                <strong className="break">{endpoint.url}</strong>
                <small className="muted break" data-testid="event-types">
                  {endpoint.enabled ? 'enabled' : 'disabled'} ·{' '}
                  {endpoint.event_types?.join(', ') ?? 'all events'}
                </small>
              </button>
              <div className="actions">
                <button
                  type="button"
                  className="secondary"
                  onClick={() =>
                    run(() =>
                      api('PATCH', appPath(appId, `/webhooks/${endpoint.id}`), {
                        enabled: !endpoint.enabled,
                      }),
                    )
                  }
                >
                  {endpoint.enabled ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => {
                    if (!window.confirm(`Delete the endpoint ${endpoint.url}?`)) return;
                    if (selected === endpoint.id) setSelected(null);
                    run(() => api('DELETE', appPath(appId, `/webhooks/${endpoint.id}`)));
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {selected && <Deliveries appId={appId} endpointId={selected} />}
    </div>
  );
}

function Deliveries({ appId, endpointId }: { appId: string; endpointId: string }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const path = appPath(appId, `/webhooks/${endpointId}/deliveries`);

  const load = useCallback(async () => {
    try {
      setDeliveries((await api<{ data: WebhookDelivery[] }>('GET', path)).data);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [path]);

  useEffect(() => {
    load();
  }, [load]);

  return (
    <section className="card" data-testid="deliveries">
      <div className="heading-row">
        <h2>Delivery log</h2>
        <button type="button" className="secondary" onClick={load}>
          Refresh
        </button>
      </div>
      {error && <p className="error">{error}</p>}
      {deliveries?.length === 0 && <p className="muted">No deliveries yet.</p>}
      <div className="table-wrap">
        <table>
          <tbody>
            {deliveries?.map((delivery) => (
              <tr key={delivery.id} data-status={delivery.status}>
                <td data-label="Event">
                  <strong>{delivery.event_type}</strong>
                  <br />
                  <small className="muted">{date(delivery.created_at)}</small>
                </td>
                <td>
                  <span className={`badge badge-${delivery.status}`}>{delivery.status}</span>
                  <br />
                  <small className="muted">
                    {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
                    {delivery.log.at(-1)?.status_code ? ` · HTTP ${delivery.log.at(-1)?.status_code}` : ''}
                    {delivery.log.at(-1)?.error ? ` · ${delivery.log.at(-1)?.error}` : ''}
                  </small>
                </td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    onClick={async () => {
                      try {
                        await api('POST', `${path}/${delivery.id}/resend`);
                        await load();
                      } catch (e) {
                        setError((e as Error).message);
                      }
                    }}
                  >
                    Resend
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
