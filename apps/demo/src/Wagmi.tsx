import { useLatchkey } from '@latchkey/react';
import { lazy, Suspense, useState } from 'react';

/** Loaded when asked for: the demo's first load carries no wagmi. */
const WagmiPanel = lazy(() => import('./WagmiPanel.tsx'));

/** wagmi's React hooks on the user's embedded Ethereum wallet (`@latchkey/core/wagmi`). */
export function Wagmi() {
  const { authenticated } = useLatchkey();
  const [open, setOpen] = useState(false);
  // Once open it stays, so that a logout shows wagmi disconnecting.
  if (!authenticated && !open) return null;
  return (
    <section className="card">
      <h2>wagmi</h2>
      {open ? (
        <Suspense fallback={<p className="muted">Loading wagmi…</p>}>
          <WagmiPanel />
        </Suspense>
      ) : (
        <button type="button" data-testid="demo-wagmi-open" onClick={() => setOpen(true)}>
          Use wagmi
        </button>
      )}
    </section>
  );
}
