import {
  useLatchkey,
  useLinkAccount,
  useLinkWithPasskey,
  useLoginWithPasskey,
  useSignupWithPasskey,
} from '@latchkey/react';
import { useEffect, useState } from 'react';
import type { Run } from './actions.ts';

/** The passkeys this browser last saw the user hold, so a headless login offers only those. */
const rememberedKey = 'demo-passkey-ids';

function rememberedPasskeys(): string[] | undefined {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(rememberedKey) ?? 'null');
    return Array.isArray(ids) && ids.length > 0 ? ids.map(String) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Passkeys: logged out, sign up or log in without the modal (the headless hooks; the login offers
 * only the passkeys this browser last saw the user hold); logged in, the user's passkeys with an
 * Unlink button each, 'Link passkey' (the modal's 'Waiting for passkey') and the same without the
 * modal (naming the new passkey).
 */
export function Passkeys({ run }: { run: Run }) {
  const latchkey = useLatchkey();
  // The incumbent's link methods, which name the passkey the modal adds.
  const { linkPasskey } = useLinkAccount();
  const [outcome, setOutcome] = useState('');
  const done = (name: string) => ({
    onComplete: ({ isNewUser }: { isNewUser: boolean }) => setOutcome(`${name} done: new=${isNewUser}`),
    onSuccess: () => setOutcome(`${name} done`),
    onError: (code: string) => setOutcome(`${name} error: ${code}`),
  });
  const login = useLoginWithPasskey(done('loginWithPasskey'));
  const signup = useSignupWithPasskey(done('signupWithPasskey'));
  const link = useLinkWithPasskey(done('linkWithPasskey'));
  const passkeys = (latchkey.user?.linkedAccounts ?? []).filter((a) => a.type === 'passkey');
  const status = [login.state, signup.state, link.state].find((s) => s.status !== 'initial')?.status ?? '';
  const ids = passkeys.map((passkey) => String(passkey.credentialId)).join(' ');
  useEffect(() => {
    if (ids) localStorage.setItem(rememberedKey, JSON.stringify(ids.split(' ')));
  }, [ids]);
  // The outcome line says how it ended; the rejection is the same news.
  const settle = (action: Promise<void>) => void action.catch(() => undefined);

  return (
    <section className="card">
      <h2>Passkeys</h2>
      {latchkey.authenticated ? (
        <>
          <ul data-testid="demo-passkeys" data-count={passkeys.length}>
            {passkeys.map((passkey) => {
              const id = String(passkey.credentialId);
              return (
                <li key={id} data-testid="demo-passkey" data-credential-id={id}>
                  <code>{id.slice(0, 16)}…</code> {String(passkey.authenticatorName ?? '')}{' '}
                  {String(passkey.createdWithBrowser ?? '')} {String(passkey.createdWithOs ?? '')}
                  <button
                    type="button"
                    data-testid={`demo-unlink-passkey-${id}`}
                    onClick={run('unlinkPasskey', () => latchkey.unlinkPasskey(id))}
                  >
                    Unlink
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            data-testid="demo-link-passkey"
            onClick={run('linkPasskey', () => linkPasskey({ name: 'Demo passkey (modal)' }))}
          >
            Link passkey
          </button>
          <button
            type="button"
            data-testid="demo-link-passkey-headless"
            onClick={() => settle(link.linkWithPasskey({ name: `Demo passkey ${passkeys.length + 1}` }))}
          >
            Link passkey (no modal)
          </button>
        </>
      ) : (
        <div className="actions">
          <button
            type="button"
            data-testid="demo-passkey-signup-headless"
            disabled={!latchkey.ready}
            onClick={() => settle(signup.signupWithPasskey())}
          >
            Sign up with a passkey (no modal)
          </button>
          <button
            type="button"
            data-testid="demo-passkey-login-headless"
            disabled={!latchkey.ready}
            onClick={() => settle(login.loginWithPasskey({ credentialIds: rememberedPasskeys() }))}
          >
            Log in with a passkey (no modal)
          </button>
        </div>
      )}
      <p className="muted">
        <span data-testid="demo-passkey-status">{status}</span>{' '}
        <span data-testid="demo-passkey-outcome">{outcome}</span>
      </p>
    </section>
  );
}
