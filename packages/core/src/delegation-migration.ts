import type { AppResponse, User } from '@latchkey/protocol';

/** What the trigger watches: the client's state. */
interface WatchedState {
  getState(): { ready: boolean; user: User | null; appConfig: AppResponse | null };
  subscribe(listener: () => void): () => void;
}

/**
 * Spec document 2 §4: once a user is there, an app whose embedded wallets are user-controlled server
 * wallets delegates the user's root wallet in the background. This decides when to try (`migrate`
 * itself skips wallets already delegated and tries each once); the flow is in its own chunk.
 */
export function watchDelegationMigration(
  client: WatchedState,
  migrate: (app: AppResponse) => Promise<unknown>,
): () => void {
  return client.subscribe(() => {
    const { ready, user, appConfig } = client.getState();
    if (!ready || !user || !appConfig) return;
    if (appConfig.embedded_wallet_config?.mode !== 'user-controlled-server-wallets-only') return;
    void migrate(appConfig).catch(() => undefined);
  });
}
