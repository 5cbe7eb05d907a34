import {
  useLatchkey,
  useLoginToMiniApp,
  useLoginWithFarcaster,
  useLoginWithFarcasterV2,
  useUnlinkFarcaster,
} from '@latchkey/react';
import { useState } from 'react';
import type { MethodSectionProps } from '../methods.ts';

/**
 * Farcaster: the user's Farcaster account (fid, username, custody address), and linking (through the
 * modal's Farcaster screen: the QR code, or 'Open Farcaster app' on a phone) or unlinking it
 * (`useLatchkey().unlinkFarcaster`, or `useUnlinkFarcaster`). Logged out: login with the app's own
 * screen (`useLoginWithFarcaster`: the channel's connect URI shown here, as a link), and the Mini App
 * login (`useLoginWithFarcasterV2` / `useLoginToMiniApp`): a nonce, then the message and signature a
 * Mini App's host would sign, pasted in.
 */
export default function Farcaster({ run }: MethodSectionProps) {
  const latchkey = useLatchkey();
  const account = latchkey.user?.farcaster;
  const { login, cancel, state } = useLoginWithFarcaster();
  const v2 = useLoginWithFarcasterV2();
  const miniApp = useLoginToMiniApp();
  const { unlink } = useUnlinkFarcaster();
  const [nonce, setNonce] = useState('');
  const [message, setMessage] = useState('');
  const [signature, setSignature] = useState('');
  const connectUri = state.status === 'loading' ? state.connectUri : null;
  return (
    <section className="card">
      <h2>Farcaster</h2>
      <p className="muted">
        <span data-testid="demo-farcaster-fid">{account?.fid ?? ''}</span>{' '}
        <span data-testid="demo-farcaster-username">{account?.username ?? ''}</span>{' '}
        <span data-testid="demo-farcaster-owner">{account?.ownerAddress ?? ''}</span>{' '}
        <span data-testid="demo-farcaster-state">
          {state.status === 'error' ? `error: ${state.error}` : state.status}
        </span>
      </p>
      {latchkey.authenticated ? (
        <div className="actions">
          {account ? (
            <>
              <button
                type="button"
                data-testid="demo-unlink-farcaster"
                onClick={run('unlinkFarcaster', () => latchkey.unlinkFarcaster(Number(account.fid)))}
              >
                Unlink Farcaster
              </button>
              <button
                type="button"
                data-testid="demo-unlink-farcaster-hook"
                onClick={run('useUnlinkFarcaster', () => unlink({ fid: Number(account.fid) }))}
              >
                Unlink Farcaster (useUnlinkFarcaster)
              </button>
            </>
          ) : (
            <button
              type="button"
              data-testid="demo-link-farcaster"
              onClick={run('linkFarcaster', latchkey.linkFarcaster)}
            >
              Link Farcaster
            </button>
          )}
        </div>
      ) : (
        <>
          <div className="actions">
            {state.status === 'loading' ? (
              <>
                {connectUri ? (
                  <a href={connectUri} data-testid="demo-farcaster-connect-uri">
                    Sign in with Farcaster: open this link in the Farcaster app
                  </a>
                ) : (
                  <span className="muted">Opening a channel…</span>
                )}
                <button type="button" data-testid="demo-farcaster-cancel" onClick={cancel}>
                  Cancel
                </button>
              </>
            ) : (
              <button
                type="button"
                data-testid="demo-farcaster-headless-login"
                disabled={!latchkey.ready}
                onClick={() => login()}
              >
                Log in with Farcaster (own screen)
              </button>
            )}
          </div>
          <div className="actions">
            <button
              type="button"
              data-testid="demo-farcaster-v2-init"
              disabled={!latchkey.ready}
              onClick={run('farcasterV2Init', async () => setNonce((await v2.init()).nonce))}
            >
              Mini App: get a nonce
            </button>
            <span className="muted" data-testid="demo-farcaster-v2-nonce">
              {nonce}
            </span>
          </div>
          <div className="actions">
            <textarea
              data-testid="demo-farcaster-v2-message"
              aria-label="SIWF message"
              placeholder="SIWF message the host signed"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
            <input
              data-testid="demo-farcaster-v2-signature"
              aria-label="Signature"
              placeholder="0x… signature"
              value={signature}
              onChange={(event) => setSignature(event.target.value)}
            />
            <button
              type="button"
              data-testid="demo-farcaster-v2-login"
              onClick={run('farcasterV2Login', () => v2.login({ message, signature }))}
            >
              Log in (useLoginWithFarcasterV2)
            </button>
            <button
              type="button"
              data-testid="demo-farcaster-mini-app-login"
              onClick={run('loginToMiniApp', () => miniApp.loginToMiniApp({ message, signature }))}
            >
              Log in (useLoginToMiniApp)
            </button>
          </div>
        </>
      )}
    </section>
  );
}
