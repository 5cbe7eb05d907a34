import { useLatchkey, useLoginWithTelegram } from '@latchkey/react';
import type { MethodSectionProps } from '../methods.ts';

/**
 * Telegram: link and unlink the user's Telegram account (through the modal's Telegram screens), and
 * log in with the app's own button, without the modal (`useLoginWithTelegram`).
 */
export default function Telegram({ run }: MethodSectionProps) {
  const latchkey = useLatchkey();
  const { login, state } = useLoginWithTelegram();
  const account = latchkey.user?.telegram;
  return (
    <section className="card">
      <h2>Telegram</h2>
      <p className="muted">
        <span data-testid="demo-telegram-id">{account?.telegramUserId ?? ''}</span>{' '}
        <span data-testid="demo-telegram-username">{account?.username ?? ''}</span>{' '}
        <span data-testid="demo-telegram-state">{state.status}</span>
      </p>
      <div className="actions">
        {!latchkey.authenticated ? (
          <button
            type="button"
            data-testid="demo-telegram-headless-login"
            disabled={!latchkey.ready}
            // The state line says how it ended; the rejection is the same news.
            onClick={() => login().catch(() => undefined)}
          >
            Log in with Telegram (own button)
          </button>
        ) : account ? (
          <button
            type="button"
            data-testid="demo-unlink-telegram"
            onClick={run('unlinkTelegram', () => latchkey.unlinkTelegram(account.telegramUserId))}
          >
            Unlink Telegram
          </button>
        ) : (
          <button
            type="button"
            data-testid="demo-link-telegram"
            onClick={run('linkTelegram', latchkey.linkTelegram)}
          >
            Link Telegram
          </button>
        )}
      </div>
    </section>
  );
}
