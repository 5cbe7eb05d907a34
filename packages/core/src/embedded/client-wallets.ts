import type { AnalyticsId } from '../analyticsId.ts';
import type { CreateLatchkeyClientParameters, LatchkeyState } from '../client-options.ts';
import { LatchkeyClientError } from '../errors.ts';
import { createEmbeddedWallets, type EmbeddedSession, type EmbeddedWallets } from './embedded-wallets.ts';
import { createFrameProxy } from './frame-proxy.ts';
import { mfaBroker } from './mfa/broker.ts';

/**
 * `client.embeddedWallets()`'s body, kept in the lazy chunk so the client's first load carries
 * only the dynamic import: the frame on the client's server, its chains, the app's
 * `embedded_wallet_config` (password required on create, recovery methods allowed), and the
 * client's MFA broker, which asks the user for codes when the server wants one.
 */
export async function clientEmbeddedWallets(
  params: CreateLatchkeyClientParameters,
  /** The server, read when the frame mounts: the config's `custom_api_url` may have moved it. */
  apiUrl: () => string,
  session: EmbeddedSession,
  analyticsId: AnalyticsId,
  /** The client (its state, and the key of its MFA broker). */
  client: { getState(): LatchkeyState },
): Promise<EmbeddedWallets> {
  const getState = client.getState;
  if (!params.walletFrame && !(globalThis as { document?: unknown }).document)
    throw new LatchkeyClientError('invalid_input', 'Embedded wallets need a browser page');
  const caid = await analyticsId.get().catch(() => undefined);
  return createEmbeddedWallets({
    session,
    proxy:
      params.walletFrame ??
      (() =>
        createFrameProxy({
          apiUrl: apiUrl(),
          appId: params.appId,
          clientId: params.clientId,
          analyticsId: caid,
          keyIdleSeconds: params.walletKeyIdleSeconds,
        })),
    chains: params.supportedChains,
    defaultChain: params.defaultChain,
    fetch: params.fetch,
    requireUserPassword: () =>
      getState().appConfig?.embedded_wallet_config?.require_user_password_on_create === true,
    walletConfig: () => getState().appConfig?.embedded_wallet_config,
    mfa: mfaBroker(client),
  });
}
