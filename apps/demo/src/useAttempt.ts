import { useState } from 'react';

/**
 * A panel's last error and a wrapper for its buttons: `attempt(action)` clears the error, runs the
 * action and shows what it threw, as `describe` words it (each panel words errors its own way).
 */
export function useAttempt(describe: (error: unknown) => string) {
  const [error, setError] = useState('');
  const attempt = (action: () => Promise<unknown>) => async () => {
    setError('');
    try {
      await action();
    } catch (caught) {
      setError(describe(caught));
    }
  };
  return { error, attempt };
}
