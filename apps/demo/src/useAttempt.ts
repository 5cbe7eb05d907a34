import { useState } from 'react';

/**
 * A panel's last error and a wrapper for its buttons: `attempt(action)` clears the error, marks the
 * panel busy while the action runs (its buttons wait) and shows what it threw, as `describe` words it
 * (each panel words errors its own way).
 */
export function useAttempt(describe: (error: unknown) => string) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const attempt = (action: () => Promise<unknown>) => async () => {
    setError('');
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, attempt };
}
