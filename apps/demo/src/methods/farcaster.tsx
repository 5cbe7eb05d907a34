import { useLatchkey } from '@latchkey/react';
import type { MethodSectionProps } from '../methods.ts';

/**
 * Farcaster: the user's Farcaster account (fid, username, custody address), and linking (through the
 * modal's Farcaster screen: the QR code, or 'Open Farcaster app' on a phone) or unlinking it.
 */
export default function Farcaster({ run }: MethodSectionProps) {
  const latchkey = useLatchkey();
  const account = latchkey.user?.farcaster;
  return (
    <section className="card">
      <h2>Farcaster</h2>
      <p className="muted">
        <span data-testid="demo-farcaster-fid">{account?.fid ?? ''}</span>{' '}
        <span data-testid="demo-farcaster-username">{account?.username ?? ''}</span>{' '}
        <span data-testid="demo-farcaster-owner">{account?.ownerAddress ?? ''}</span>
      </p>
      {latchkey.authenticated ? (
        <div className="actions">
          {account ? (
            <button
              type="button"
              data-testid="demo-unlink-farcaster"
              onClick={run('unlinkFarcaster', () => latchkey.unlinkFarcaster(account.fid))}
            >
              Unlink Farcaster
            </button>
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
      ) : null}
    </section>
  );
}
