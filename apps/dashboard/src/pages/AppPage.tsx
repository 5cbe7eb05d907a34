import type { AdminApp } from '../api.ts';
import { href } from '../route.ts';
import { AllowlistPage } from './AllowlistPage.tsx';
import { KeysPage } from './KeysPage.tsx';
import { OutboxPage } from './OutboxPage.tsx';
import { AggregationsPage } from './server-wallets/AggregationsPage.tsx';
import { ConditionSetsPage } from './server-wallets/ConditionSetsPage.tsx';
import { KeyQuorumsPage } from './server-wallets/KeyQuorumsPage.tsx';
import { PoliciesPage } from './server-wallets/PoliciesPage.tsx';
import { TransactionsPage } from './server-wallets/TransactionsPage.tsx';
import { WalletsPage } from './server-wallets/WalletsPage.tsx';
import { SettingsPage } from './settings/SettingsPage.tsx';
import { UsersPage } from './UsersPage.tsx';
import { WebhooksPage } from './WebhooksPage.tsx';

const tabs = [
  ['settings', 'Settings'],
  ['users', 'Users'],
  ['allowlist', 'Allowlist'],
  ['webhooks', 'Webhooks'],
  ['wallets', 'Wallets'],
  ['key-quorums', 'Key quorums'],
  ['transactions', 'Transactions'],
  ['policies', 'Policies'],
  ['condition-sets', 'Condition sets'],
  ['aggregations', 'Aggregations'],
  ['outbox', 'Dev outbox'],
  ['keys', 'Keys & test credentials'],
] as const;

/** One app: its tabs. */
export function AppPage({
  app,
  tab,
  section,
  development,
  onChanged,
}: {
  app: AdminApp;
  tab: string;
  /** The settings section the route names. */
  section: string;
  /** The server runs in development mode. */
  development: boolean;
  onChanged(): Promise<void>;
}) {
  return (
    <>
      <div className="app-heading">
        <h1>{app.name}</h1>
        <code className="muted break">{app.id}</code>
      </div>
      <nav className="tabs" aria-label="App">
        {tabs.map(([id, label]) => (
          <a key={id} href={href('apps', app.id, id)} aria-current={tab === id ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      {tab === 'settings' && <SettingsPage key={app.id} app={app} sectionId={section} onSaved={onChanged} />}
      {tab === 'users' && <UsersPage key={app.id} appId={app.id} />}
      {tab === 'allowlist' && (
        <AllowlistPage key={app.id} appId={app.id} enabled={app.allowlist_enabled === true} />
      )}
      {tab === 'webhooks' && <WebhooksPage key={app.id} appId={app.id} development={development} />}
      {tab === 'wallets' && <WalletsPage key={app.id} appId={app.id} />}
      {tab === 'key-quorums' && <KeyQuorumsPage key={app.id} appId={app.id} />}
      {tab === 'transactions' && <TransactionsPage key={app.id} appId={app.id} />}
      {tab === 'policies' && <PoliciesPage key={app.id} appId={app.id} />}
      {tab === 'condition-sets' && <ConditionSetsPage key={app.id} appId={app.id} />}
      {tab === 'aggregations' && <AggregationsPage key={app.id} appId={app.id} />}
      {tab === 'outbox' && <OutboxPage key={app.id} appId={app.id} />}
      {tab === 'keys' && <KeysPage key={app.id} app={app} onSaved={onChanged} />}
    </>
  );
}
