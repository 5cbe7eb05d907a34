import { useLatchkey } from '@latchkey/react';
import { useEffect, useState } from 'react';
import { fetchAppConfig, type LoginSummary, summariseLogin } from './appConfig.ts';

/**
 * 'At login': what this app's config makes happen when someone logs in (its login methods, and the
 * embedded wallets created for them), read from the same public config the SDK starts from. Change
 * it with `latchkey apps update <id> --set …` or in the dashboard.
 */
export function AppConfigCard({ apiUrl, appId }: { apiUrl: string; appId: string }) {
  const { ready } = useLatchkey();
  const [summary, setSummary] = useState<LoginSummary | null>(null);
  useEffect(() => {
    // Only once the SDK has started: a setup error is the login card's to tell.
    if (!ready) return;
    fetchAppConfig(apiUrl, appId).then(
      (config) => setSummary(summariseLogin(config)),
      () => setSummary(null),
    );
  }, [ready, apiUrl, appId]);
  if (!summary) return null;
  return (
    <section className="card" aria-labelledby="demo-config-title" data-testid="demo-app-config">
      <h2 id="demo-config-title">At login</h2>
      <p className="muted">What this app’s config makes happen when someone logs in.</p>
      <dl className="state">
        <dt>Login methods</dt>
        <dd data-testid="demo-config-methods">{summary.methods.join(', ') || 'none'}</dd>
        <dt>Embedded wallets</dt>
        <dd>
          <ul data-testid="demo-config-wallets">
            {summary.wallets.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </dd>
      </dl>
    </section>
  );
}
