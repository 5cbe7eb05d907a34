import { type AppResponse, limits, type User } from '@latchkey/protocol';
import { createAnalyticsId } from './analyticsId.ts';
import { normaliseApiUrl } from './api-url.ts';
import type { CreateLatchkeyClientParameters, LatchkeyState } from './client-options.ts';
import { watchDelegationMigration } from './delegation-migration.ts';
import type { EmbeddedWallets } from './embedded/embedded-wallets.ts';
import { LatchkeyClientError } from './errors.ts';
import { acceptTerms, fetchApp, getUser } from './flows/app.ts';
import type { FlowContext } from './flows/context.ts';
import { syncCustomJwt } from './flows/customJwtSession.ts';
import {
  type LoginWithEmailCodeParameters,
  linkEmailWithCode,
  loginWithEmailCode,
  type SendEmailCodeParameters,
  sendEmailCode,
  type UpdateEmailParameters,
  unlinkEmail,
  updateEmail,
} from './flows/email.ts';
import { loginAsGuest } from './flows/guest.ts';
import type {
  LinkPasskeyParameters,
  LoginPasskeyParameters,
  PasskeyParameters,
  UnlinkPasskeyParameters,
} from './flows/passkey.ts';
import {
  type LoginWithSmsCodeParameters,
  linkSmsWithCode,
  loginWithSmsCode,
  type SendSmsCodeParameters,
  sendSmsCode,
  type UpdatePhoneParameters,
  unlinkPhone,
  updatePhone,
} from './flows/sms.ts';
import { trackEvent } from './flows/trackEvent.ts';
import type { TransferAccount } from './flows/transfer.ts';
import { createHttpClient } from './http/createHttpClient.ts';
import type { LatchkeyClient } from './latchkey-client.ts';
import type { OAuthClient } from './oauth/index.ts';
import { createSessionManager } from './session/createSessionManager.ts';
import { browserStorage, guardStorage } from './storage.ts';
import { createStore } from './store.ts';
import type { WalletManager } from './wallets/manager.ts';
import type { WalletWindow } from './wallets/types.ts';

export type { CreateLatchkeyClientParameters, LatchkeyClient, LatchkeyState };
export { normaliseApiUrl };

/**
 * Creates a Latchkey client. Nothing touches the network or the page until `initialize()`, so
 * it is safe to create during server rendering.
 *
 * @example
 * const client = createLatchkeyClient({ appId: 'cm0abcdefghijklmnopqrstuv', apiUrl: 'https://auth.example.com' });
 * await client.initialize();
 * await client.email.sendCode({ email: 'alice@example.com' });
 * const { user } = await client.email.loginWithCode({ email: 'alice@example.com', code: '123456' });
 */
export function createLatchkeyClient(params: CreateLatchkeyClientParameters): LatchkeyClient {
  const { appId } = params;
  // A malformed app id or apiUrl does not throw here (a React tree would crash on it): the client
  // stays not ready, `initialize()` rejects, and the console says how to fix it (diagnostics.ts).
  let badSetup = appId?.length !== limits.appIdLength;
  let apiUrl = params.apiUrl;
  try {
    apiUrl = normaliseApiUrl(apiUrl);
  } catch {
    badSetup = true;
  }
  const storage = guardStorage(params.storage ?? browserStorage());
  const store = createStore<LatchkeyState>({
    ready: false,
    authenticated: false,
    user: null,
    appConfig: null,
  });
  const analyticsId = createAnalyticsId(storage);

  let initializing: Promise<void> | null = null;
  let walletManager: Promise<WalletManager> | null = null;
  let embedded: Promise<EmbeddedWallets> | null = null;
  let oauthClient: Promise<OAuthClient> | null = null;
  let syncing: Promise<User | null> | null = null;
  let customLogins = 0;

  const http = createHttpClient({
    apiUrl,
    appId,
    clientId: params.clientId,
    getAccessToken: () => session.getAccessToken(),
    getAnalyticsId: () => analyticsId.get(),
    fetch: params.fetch,
    headers: params.headers,
    timeoutMs: params.timeoutMs,
    delay: params.delay,
    // The session is made below; the client reads `renewal` on each request only.
    renewal: {
      get generation() {
        return session.renewal.generation;
      },
      renew: (since) => session.renewal.renew(since),
    },
  });
  const session = createSessionManager({
    appId,
    http,
    storage,
    analyticsId,
    now: params.now,
    cookies: params.cookies,
    onUserChange: (user) => store.setState({ user, authenticated: user !== null }),
  });
  const ctx: FlowContext = {
    appId,
    http,
    session,
    storage,
    onLogin: (user) => enrollAfterLogin(user),
    embeddedWallets,
  };

  // The setup messages for developers: loaded only when something is wrong.
  const diagnostics = () => import('./diagnostics.ts');

  // The passkey flows and the WebAuthn library: a chunk of their own, loaded on first use.
  const passkeys = () => import('./flows/passkey.ts');

  // Moving an account over follows a refusal the modal or the app has already shown: loaded then.
  const transfers = () => import('./flows/transfer.ts');

  const syncCustom = () => {
    const get = params.getCustomAccessToken;
    if (!get) return Promise.resolve(session.user);
    syncing ??= (async () => {
      const before = session.user;
      try {
        const user = await syncCustomJwt(ctx, get);
        if (user && !before) customLogins += 1;
        return user;
      } finally {
        syncing = null;
      }
    })();
    return syncing;
  };

  /**
   * A `custom_api_url` in the app config moves every later call (and the wallet frame) there and
   * switches to cookie sessions, as the incumbent's clients do (WIRE.md §1.1, §5.4).
   */
  async function applyAppConfig(appConfig: AppResponse) {
    if (!appConfig.custom_api_url) return;
    try {
      http.setApiUrl(normaliseApiUrl(appConfig.custom_api_url));
    } catch {
      // Not a bare origin: the calls stay on `apiUrl`.
    }
    await session.useCookieSessions();
  }

  async function run() {
    // The session is restored after the config: it decides whether the session is in cookies.
    const appConfig = await (badSetup ? Promise.reject() : fetchApp(ctx)).catch(async (error: unknown) => {
      throw (await diagnostics()).failed(error, appId, params.apiUrl);
    });
    // A page the app does not allow would get CORS errors on every later call: stop not ready, with the fix.
    const origin = globalThis.location?.origin;
    if (origin && !appConfig.allowed_domains?.includes(origin))
      (await diagnostics()).origin(appConfig.allowed_domains, origin, appId, apiUrl);
    await applyAppConfig(appConfig);
    await session.restore();
    store.setState({ appConfig });
    if (params.getCustomAccessToken) await syncCustom().catch(() => null);
    store.setState({ ready: true, error: undefined });
  }

  /** Flow methods throw the spec's guard error before `ready`. */
  const whenReady =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      store.getState().ready ? fn(...args) : Promise.reject(new LatchkeyClientError('not_ready'));

  async function settled() {
    if (initializing) await initializing.catch(() => undefined);
  }

  const client: LatchkeyClient = {
    appId,
    get apiUrl() {
      return http.apiUrl;
    },
    get ready() {
      return store.getState().ready;
    },
    get cookieSessions() {
      return session.cookieSessions;
    },
    initialize() {
      initializing ??= run().catch((error: unknown) => {
        initializing = null;
        store.setState({ error: error as Error });
        throw error;
      });
      return initializing;
    },
    getState: store.getState,
    subscribe: store.subscribe,
    async getAccessToken() {
      await settled();
      const token = await session.getAccessToken();
      if (token || !params.getCustomAccessToken || !store.getState().ready) return token;
      // Custom-auth mode: a lost session is re-established from the app's own token.
      await syncCustom().catch(() => null);
      return session.getAccessToken();
    },
    async getIdentityToken() {
      await settled();
      return session.getIdentityToken();
    },
    refreshSession: whenReady(() => session.refreshAfterChange()),
    getUser: whenReady(() => getUser(ctx)),
    acceptTerms: whenReady(() => acceptTerms(ctx)),
    transferAccount: whenReady((p: { account: TransferAccount; nonce: string }) =>
      transfers().then((m) => m.transferAccount(ctx, p)),
    ),
    logout: whenReady(async () => {
      // A mounted wallet frame wipes the keys it keeps now, not at its next check with the server.
      const locked = embedded?.then((wallets) => wallets.lock()).catch(() => undefined);
      await session.logout();
      await locked;
    }),
    trackEvent: (eventName, payload) =>
      trackEvent({ ...ctx, getAnalyticsId: () => analyticsId.get() }, eventName, payload),
    email: {
      sendCode: whenReady((p: SendEmailCodeParameters) => sendEmailCode(ctx, p)),
      loginWithCode: whenReady((p: LoginWithEmailCodeParameters) => loginWithEmailCode(ctx, p)),
      linkWithCode: whenReady((p: Omit<LoginWithEmailCodeParameters, 'mode'>) => linkEmailWithCode(ctx, p)),
      updateEmail: whenReady((p: UpdateEmailParameters) => updateEmail(ctx, p)),
      unlinkEmail: whenReady((p: { address: string }) => unlinkEmail(ctx, p)),
    },
    sms: {
      sendCode: whenReady((p: SendSmsCodeParameters) => sendSmsCode(ctx, p)),
      loginWithCode: whenReady((p: LoginWithSmsCodeParameters) => loginWithSmsCode(ctx, p)),
      linkWithCode: whenReady((p: Omit<LoginWithSmsCodeParameters, 'mode'>) => linkSmsWithCode(ctx, p)),
      updatePhone: whenReady((p: UpdatePhoneParameters) => updatePhone(ctx, p)),
      unlinkPhone: whenReady((p: { phoneNumber: string }) => unlinkPhone(ctx, p)),
    },
    guest: { login: whenReady(() => loginAsGuest(ctx)) },
    passkey: {
      signup: whenReady((p?: PasskeyParameters) => passkeys().then((m) => m.signupWithPasskey(ctx, p))),
      login: whenReady((p?: LoginPasskeyParameters) => passkeys().then((m) => m.loginWithPasskey(ctx, p))),
      link: whenReady((p?: LinkPasskeyParameters) => passkeys().then((m) => m.linkWithPasskey(ctx, p))),
      unlink: whenReady((p: UnlinkPasskeyParameters) => passkeys().then((m) => m.unlinkPasskey(ctx, p))),
    },
    customJwt: { sync: whenReady(syncCustom), logins: () => customLogins },
    wallets() {
      const win = params.walletWindow ?? (globalThis.window as WalletWindow | undefined);
      if (!win) {
        return Promise.reject(new LatchkeyClientError('invalid_input', 'Wallets need a browser page'));
      }
      walletManager ??= import('./wallets/manager.ts').then(({ createWalletManager }) =>
        createWalletManager({
          ctx,
          window: win,
          supportedChains: params.supportedChains,
          defaultChain: params.defaultChain,
          now: params.now,
        }),
      );
      walletManager.catch(() => {
        walletManager = null;
      });
      return walletManager;
    },
    oauth() {
      oauthClient ??= import('./oauth/index.ts').then(({ createOAuthClient, windowOAuthBrowser }) => {
        const win = globalThis.window as Window | undefined;
        return createOAuthClient(ctx, params.oauthBrowser ?? (win ? windowOAuthBrowser(win) : null));
      });
      oauthClient.catch(() => {
        oauthClient = null;
      });
      return oauthClient;
    },
    embeddedWallets,
    run: (action) => whenReady(action)(ctx),
    http,
  };
  // The background migration of user-controlled server wallets, where a wallet frame can mount
  // (`window` is read only then: server rendering never gets there).
  watchDelegationMigration(store, async (app) => {
    if (!params.walletFrame && typeof window === 'undefined') return;
    const m = await import('./delegation/index.ts');
    await m.migrateRootWallet(m.clientDelegationContext(client), app, m.storageLedger(storage, appId));
  });
  return client;

  function embeddedWallets(): Promise<EmbeddedWallets> {
    embedded ??= import('./embedded/index.ts').then((m) =>
      m.clientEmbeddedWallets(params, () => http.apiUrl, session, analyticsId, client),
    );
    embedded.catch(() => {
      embedded = null;
    });
    return embedded;
  }

  /**
   * A login is when this device may enroll its wallet frame key (the server allows it for minutes
   * only: docs/security.md), so a user with embedded wallets gets it done now, in the background,
   * rather than at a first signature that may come hours later. Outside a browser, or when it fails,
   * the frame enrolls at its next request if it still can.
   */
  function enrollAfterLogin(user: User): void {
    const embeddedAccount = (account: User['linked_accounts'][number]) =>
      account.type === 'wallet' && (account as { connector_type?: unknown }).connector_type === 'embedded';
    if (!user.linked_accounts.some(embeddedAccount) || typeof window === 'undefined') return;
    void embeddedWallets()
      .then((wallets) => wallets.enrollDevice())
      .catch(() => undefined);
  }
}
