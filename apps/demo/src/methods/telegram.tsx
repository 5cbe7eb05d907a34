import { useLatchkey, useLinkAccount, useLoginWithTelegram } from '@latchkey/react';
import { useState } from 'react';
import type { MethodSectionProps } from '../methods.ts';

/**
 * Telegram: link and unlink the user's Telegram account (through the modal's Telegram screens), and
 * log in with the app's own button, without the modal (`useLoginWithTelegram`).
 */
export default function Telegram({ run }: MethodSectionProps) {
  const latchkey = useLatchkey();
  const { login, state } = useLoginWithTelegram();
  // The incumbent's link methods, which take a Mini App's launch data.
  const { linkTelegram } = useLinkAccount();
  // A Mini App's launch data as Telegram's SDK hands it to an app (`initDataRaw`), to link with.
  const [initDataRaw, setInitDataRaw] = useState('');
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
          <>
            <button
              type="button"
              data-testid="demo-link-telegram"
              onClick={run('linkTelegram', () => latchkey.linkTelegram())}
            >
              Link Telegram
            </button>
            <input
              data-testid="demo-telegram-init-data"
              placeholder="Mini App initDataRaw"
              value={initDataRaw}
              onChange={(event) => setInitDataRaw(event.target.value)}
            />
            <button
              type="button"
              data-testid="demo-link-telegram-launch"
              disabled={!initDataRaw}
              onClick={run('linkTelegram', () => linkTelegram({ launchParams: { initDataRaw } }))}
            >
              Link with this launch data
            </button>
          </>
        )}
      </div>
    </section>
  );
}
