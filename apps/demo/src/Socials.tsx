import {
  type OAuthProvider,
  oauthProviders,
  useLatchkey,
  useLoginWithOAuth,
  useOAuthTokens,
} from '@latchkey/react';
import { useState } from 'react';
import type { Run } from './actions.ts';

const capitalised = (p: string) => p[0]!.toUpperCase() + p.slice(1);

/**
 * Social accounts: link and unlink each provider (through the modal's OAuth screens), and log in
 * with the app's own button, without the modal (`useLoginWithOAuth`).
 */
export function Socials({ run }: { run: Run }) {
  const latchkey = useLatchkey();
  const [provider, setProvider] = useState<OAuthProvider>('google');
  const [tokens, setTokens] = useState('');
  // The hook's state follows every login; it is this card's news only after its own button.
  const [ownLogin, setOwnLogin] = useState(false);
  const { initOAuth, state } = useLoginWithOAuth();
  // How many grants this page heard: a `reauthorize` adds one.
  const [grants, setGrants] = useState(0);
  const { reauthorize } = useOAuthTokens({
    onOAuthTokenGrant: ({ oAuthTokens }) => {
      setGrants((n) => n + 1);
      setTokens(`${oAuthTokens.provider}: present`);
    },
  });
  // The providers' accounts have different fields; show the first one this provider has.
  const account:
    | { subject: string; username?: string | null; name?: string | null; email?: string | null }
    | undefined = latchkey.user?.[provider];
  return (
    <section className="card">
      <h2>Social accounts</h2>
      <label>
        Provider{' '}
        <select
          data-testid="demo-social-provider"
          value={provider}
          onChange={(event) => setProvider(event.target.value as OAuthProvider)}
        >
          {oauthProviders.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <p className="muted">
        <span data-testid="demo-social-subject">{account?.subject ?? ''}</span>{' '}
        <span data-testid="demo-social-name">
          {account?.username ?? account?.name ?? account?.email ?? ''}
        </span>
      </p>
      <div className="actions">
        {!latchkey.authenticated ? (
          <button
            type="button"
            data-testid="demo-social-headless-login"
            disabled={!latchkey.ready}
            onClick={() => {
              setOwnLogin(true);
              // The state line says how it ended; the rejection is the same news.
              initOAuth({ provider }).catch(() => undefined);
            }}
          >
            Log in with {capitalised(provider)} (own button)
          </button>
        ) : account ? (
          <>
            <button
              type="button"
              data-testid="demo-social-unlink"
              onClick={run(`unlink ${provider}`, () => latchkey.unlinkOAuth(provider, account.subject))}
            >
              Unlink {capitalised(provider)}
            </button>
            <button
              type="button"
              data-testid="demo-social-reauthorize"
              onClick={run(`reauthorize ${provider}`, () => reauthorize({ provider }))}
            >
              Renew {capitalised(provider)} tokens
            </button>
          </>
        ) : (
          <button
            type="button"
            data-testid="demo-social-link"
            onClick={run(`link ${provider}`, () => latchkey.linkOAuth(provider))}
          >
            Link {capitalised(provider)}
          </button>
        )}
      </div>
      {ownLogin ? (
        <p className="muted">
          Login with your own button: <span data-testid="demo-social-state">{state.status}</span>
        </p>
      ) : null}
      {tokens ? (
        <p className="muted">
          Provider's OAuth tokens: <span data-testid="demo-social-tokens">{tokens}</span> (
          <span data-testid="demo-social-grants">{grants}</span> granted on this page)
        </p>
      ) : null}
    </section>
  );
}
