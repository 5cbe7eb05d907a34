import { useIdentityToken, useLatchkey, useLinkAccount, useLogin, useLogout } from '@latchkey/react';
import { useCallback, useEffect, useState } from 'react';
import { AppConfigCard } from './AppConfigCard.tsx';
import { errorMessage as message, type Outcome, type Run } from './actions.ts';
import { Delegation } from './Delegation.tsx';
import { Embedded } from './Embedded.tsx';
import { Export } from './Export.tsx';
import { Funding } from './Funding.tsx';
import { ImportKey } from './ImportKey.tsx';
import { Mfa } from './Mfa.tsx';
import { methodSections } from './methods.ts';
import { Passkeys } from './Passkeys.tsx';
import { Signing } from './Signing.tsx';
import { Socials } from './Socials.tsx';
import { TestWallet } from './TestWallet.tsx';
import type { TestWalletAddresses } from './testWalletSetup.ts';
import { Wagmi } from './Wagmi.tsx';
import { Wallets } from './Wallets.tsx';

/**
 * Everything a host app does with @latchkey/react, as a showcase: one card per area (login, the
 * user, linked accounts, wallets, signing, export, import, MFA, wagmi), one button per action. Each
 * value the e2e tests read has a `demo-*` test id.
 */
export function App({
  apiUrl,
  appId,
  testWallet,
}: {
  apiUrl: string;
  appId: string;
  testWallet: TestWalletAddresses | null;
}) {
  const latchkey = useLatchkey();
  const { ready, authenticated, user, error: setupError } = latchkey;
  const { identityToken } = useIdentityToken();
  const [accessToken, setAccessToken] = useState<string | null>(null);
  const [lastEvent, setLastEvent] = useState('');
  const [lastError, setLastError] = useState('');

  const { login } = useLogin({
    onComplete: ({ isNewUser, wasAlreadyAuthenticated, loginMethod }) =>
      setLastEvent(
        `login complete: method=${loginMethod ?? 'unknown'} new=${isNewUser} already=${wasAlreadyAuthenticated}`,
      ),
    onError: (code) => setLastError(`login error: ${String(code)}`),
  });
  const { logout } = useLogout({ onSuccess: () => setLastEvent('logged out') });
  // Outcomes of every link flow the modal runs (email, phone, wallet, passkey, and account transfers).
  useLinkAccount({
    onSuccess: ({ linkMethod }) => setLastEvent(`link complete: method=${linkMethod}`),
    onError: (code) => setLastError(`link error: ${String(code)}`),
  });

  const readToken = useCallback(async () => {
    try {
      setAccessToken(await latchkey.getAccessToken());
    } catch (error) {
      setLastError(`getAccessToken: ${message(error)}`);
    }
  }, [latchkey.getAccessToken]);

  // Show the current token as soon as the user is logged in, and drop it when they log out.
  useEffect(() => {
    if (ready && authenticated) void readToken();
    if (ready && !authenticated) setAccessToken(null);
  }, [ready, authenticated, readToken]);

  // Every button's action reports here ('Last result', which the e2e tests read) and to its card.
  const run: Run = (name, action) => async (): Promise<Outcome> => {
    setLastError('');
    try {
      await action();
      setLastEvent(`${name} done`);
      return { ok: true };
    } catch (error) {
      setLastError(`${name}: ${message(error)}`);
      return { ok: false, message: message(error) };
    }
  };

  const email = user?.email?.address ?? null;
  const phone = user?.phone?.number ?? null;

  return (
    <main className="demo">
      <header className="hero">
        <h1>Latchkey demo</h1>
        <p className="muted">
          Login, embedded wallets and signing with <code>@latchkey/react</code>, against the server at{' '}
          <code>{apiUrl}</code>.
        </p>
      </header>

      <section className="card" aria-labelledby="demo-login-title">
        <h2 id="demo-login-title">Log in</h2>
        <dl className="state">
          <dt>SDK ready</dt>
          <dd data-testid="demo-ready">{String(ready)}</dd>
          <dt>Logged in</dt>
          <dd data-testid="demo-authenticated">{String(authenticated)}</dd>
        </dl>
        {setupError ? (
          <p className="error" data-testid="demo-setup-error" role="alert">
            Latchkey could not start: {setupError.message} (the browser console says how to fix it)
          </p>
        ) : null}
        <div className="actions">
          {!authenticated ? (
            <button
              type="button"
              className="primary"
              data-testid="demo-login"
              disabled={!ready}
              onClick={() => login()}
            >
              Log in
            </button>
          ) : (
            <button type="button" data-testid="demo-logout" onClick={run('logout', logout)}>
              Log out
            </button>
          )}
        </div>
        <dl className="state">
          <dt>Last result</dt>
          <dd>
            <span className="muted" data-testid="demo-last-event">
              {lastEvent}
            </span>
            <span className="error" data-testid="demo-last-error" role={lastError ? 'alert' : undefined}>
              {lastError}
            </span>
          </dd>
        </dl>
      </section>

      <AppConfigCard apiUrl={apiUrl} appId={appId} />

      <TestWallet installed={testWallet} />

      <section className="card" aria-labelledby="demo-user-title">
        <h2 id="demo-user-title">User</h2>
        <dl className="state">
          <dt>User id</dt>
          <dd data-testid="demo-user-id">{user?.id ?? ''}</dd>
          <dt>Email</dt>
          <dd data-testid="demo-user-email">{email ?? ''}</dd>
          <dt>Phone</dt>
          <dd data-testid="demo-user-phone">{phone ?? ''}</dd>
          <dt>Accepted terms</dt>
          <dd data-testid="demo-user-terms">{user ? String(user.hasAcceptedTerms) : ''}</dd>
          <dt>Identity token</dt>
          <dd data-testid="demo-identity-token">{identityToken ? 'present' : ''}</dd>
          <dt>Access token</dt>
          <dd>
            <code data-testid="demo-access-token" className="token">
              {accessToken ?? ''}
            </code>
          </dd>
        </dl>
        {authenticated ? (
          <div className="actions">
            <button type="button" data-testid="demo-get-token" onClick={readToken}>
              Get access token
            </button>
            {user && !user.hasAcceptedTerms ? (
              <button
                type="button"
                data-testid="demo-accept-terms"
                onClick={run('acceptTerms', latchkey.acceptTerms)}
              >
                Accept terms
              </button>
            ) : null}
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="demo-linked-title">
        <h2 id="demo-linked-title">Linked accounts</h2>
        <p className="muted">The ways this user can log in; link more, update or unlink them.</p>
        <dl className="state">
          <dt>Account types</dt>
          <dd data-testid="demo-linked-accounts">
            {user ? user.linkedAccounts.map((account) => account.type).join(', ') : ''}
          </dd>
        </dl>
        {authenticated ? (
          <div className="actions">
            {email ? (
              <>
                <button
                  type="button"
                  data-testid="demo-update-email"
                  onClick={run('updateEmail', latchkey.updateEmail)}
                >
                  Update email
                </button>
                <button
                  type="button"
                  data-testid="demo-unlink-email"
                  onClick={run('unlinkEmail', () => latchkey.unlinkEmail(email))}
                >
                  Unlink email
                </button>
              </>
            ) : (
              <button
                type="button"
                data-testid="demo-link-email"
                onClick={run('linkEmail', latchkey.linkEmail)}
              >
                Link email
              </button>
            )}
            {phone ? (
              <>
                <button
                  type="button"
                  data-testid="demo-update-phone"
                  onClick={run('updatePhone', latchkey.updatePhone)}
                >
                  Update phone
                </button>
                <button
                  type="button"
                  data-testid="demo-unlink-phone"
                  onClick={run('unlinkPhone', () => latchkey.unlinkPhone(phone))}
                >
                  Unlink phone
                </button>
              </>
            ) : (
              <button
                type="button"
                data-testid="demo-link-phone"
                onClick={run('linkPhone', latchkey.linkPhone)}
              >
                Link phone
              </button>
            )}
          </div>
        ) : null}
      </section>

      <Socials run={run} />
      <Passkeys run={run} />
      {methodSections.map((Section) => (
        <Section key={Section.name} run={run} />
      ))}
      <Wallets run={run} onEvent={setLastEvent} onError={setLastError} />
      <Embedded run={run} />
      <Signing />
      <Export run={run} />
      <Delegation run={run} />
      <Funding />
      <ImportKey run={run} />
      <Mfa />
      <Wagmi />
    </main>
  );
}
