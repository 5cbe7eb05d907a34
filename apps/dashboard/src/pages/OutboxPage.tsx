import { useCallback, useEffect, useState } from 'react';
import { AdminApiError, api, appPath } from '../api.ts';
import { CopyButton } from '../components/CopyText.tsx';

/** The login code a message carries (six digits, as the server sends them), to show on its own line. */
export function loginCode(message: { subject: string | null; text: string }): string | null {
  return /\b(\d{6})\b/.exec(`${message.subject ?? ''}\n${message.text}`)?.[1] ?? null;
}

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
        {messages?.map((m) => {
          const code = loginCode(m);
          return (
            <li key={`${m.sent_at}:${m.to}:${m.text}`} className="message">
              <div className="message-meta">
                <span className="badge">{m.channel}</span>
                <span className="break">to {m.to}</span>
                <time className="muted" dateTime={new Date(m.sent_at * 1000).toISOString()}>
                  {new Date(m.sent_at * 1000).toLocaleString()}
                </time>
              </div>
              {code && (
                <p className="message-code">
                  <span className="muted">Code</span> <code data-testid="login-code">{code}</code>
                  <CopyButton text={code} />
                </p>
              )}
              {m.subject && <strong className="message-subject">{m.subject}</strong>}
              <pre className="mono">{m.text}</pre>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
