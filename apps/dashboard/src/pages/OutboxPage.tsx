import { useCallback, useEffect, useState } from 'react';
import { AdminApiError, api, appPath } from '../api.ts';

interface Message {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  sent_at: number;
}

/** The development outbox: codes and links the server would have emailed or texted, newest first. */
export function OutboxPage({ appId }: { appId: string }) {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setMessages((await api<{ data: Message[] }>('GET', appPath(appId, '/dev_outbox'))).data);
      setNote(null);
    } catch (e) {
      setNote(
        e instanceof AdminApiError && e.code === 'feature_not_enabled' ? e.message : (e as Error).message,
      );
    }
  }, [appId]);

  useEffect(() => {
    load();
  }, [load]);

  return (
    <section className="card">
      <div className="heading-row">
        <h2>Dev outbox</h2>
        <button type="button" className="secondary" onClick={load}>
          Refresh
        </button>
      </div>
      {note && <p className="notice">{note}</p>}
      {messages?.length === 0 && <p className="muted">No messages yet.</p>}
      <ul className="list">
        {messages?.map((m) => (
          <li key={`${m.sent_at}:${m.to}:${m.text}`} className="message">
            <small className="muted">
              {m.channel} to {m.to} · {new Date(m.sent_at * 1000).toLocaleString()}
            </small>
            {m.subject && <strong>{m.subject}</strong>}
            <pre className="mono">{m.text}</pre>
          </li>
        ))}
      </ul>
    </section>
  );
}
