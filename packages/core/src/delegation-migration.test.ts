import type { AppResponse, User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import type { LatchkeyState } from './client-options.ts';
import { watchDelegationMigration } from './delegation-migration.ts';
import { createStore } from './store.ts';

const user = { id: 'did:privy:user', linked_accounts: [] } as unknown as User;
const app = (mode: string) => ({ embedded_wallet_config: { mode } }) as unknown as AppResponse;

describe('the background migration’s trigger', () => {
  it('tries once a user is there in an app of user-controlled server wallets only', async () => {
    const store = createStore<LatchkeyState>({
      ready: false,
      authenticated: false,
      user: null,
      appConfig: null,
    });
    const tried: AppResponse[] = [];
    watchDelegationMigration(store, async (config) => {
      tried.push(config);
      throw new Error('a failed migration is silent');
    });
    const serverWallets = app('user-controlled-server-wallets-only');
    store.setState({
      appConfig: app('legacy-embedded-wallets-only'),
      ready: true,
      user,
      authenticated: true,
    });
    store.setState({ appConfig: serverWallets, ready: false });
    store.setState({ ready: true, user: null });
    expect(tried).toEqual([]);
    store.setState({ user });
    expect(tried).toEqual([serverWallets]);
  });
});
