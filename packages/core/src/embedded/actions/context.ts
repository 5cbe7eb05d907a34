import {
  type EmbeddedWalletConfig,
  type FrameEventName,
  type FrameRequestOf,
  type FrameResponseOf,
  mfaFreeFrameEvents,
} from '@latchkey/protocol';
import type { SessionManager } from '../../session/createSessionManager.ts';
import { mainnet } from '../../wallets/types.ts';
import type { ConfirmHook, EmbeddedEthereumProvider } from '../ethereum-provider.ts';
import type { EvmChain } from '../fees.ts';
import type { FrameProxy } from '../frame-proxy.ts';
import type { MfaGate } from '../mfa/gate.ts';
import { withMfa } from '../mfa/with-mfa.ts';

/** What the embedded wallets need of the session. */
export type EmbeddedSession = Pick<SessionManager, 'user' | 'getAccessToken' | 'refreshAfterChange'> &
  Partial<Pick<SessionManager, 'cookieSessions'>>;

export interface CreateEmbeddedWalletsParameters {
  session: EmbeddedSession;
  /**
   * The frame proxy, or a factory: with a factory, a frame that never answered the handshake is
   * dropped and the next call mounts a fresh one.
   */
  proxy: FrameProxy | (() => FrameProxy);
  /** Chains the Ethereum providers may use (viem `Chain` objects); default `[mainnet]`. */
  chains?: readonly EvmChain[] | undefined;
  /** The providers' starting chain; default the first configured. */
  defaultChain?: EvmChain | undefined;
  fetch?: typeof fetch | undefined;
  delay?: ((ms: number) => Promise<void>) | undefined;
  /** Awaited before every signature (confirmation screens); also settable later with `setConfirm`. */
  confirm?: ConfirmHook | undefined;
  /** The app's `require_user_password_on_create`. */
  requireUserPassword?: (() => boolean) | undefined;
  /**
   * The app's `embedded_wallet_config`: the recovery methods it allows are checked here, before
   * the frame is asked (the server refuses the others too).
   */
  walletConfig?: (() => Partial<EmbeddedWalletConfig> | null | undefined) | undefined;
  /**
   * Asks the user for MFA codes (the client's MFA broker): a frame request the server refuses for
   * MFA is sent again with the user's code. Without it, the refusal (`missing_or_invalid_mfa`) is
   * the caller's.
   */
  mfa?: MfaGate | undefined;
}

/** What the embedded-wallet actions share: one per `createEmbeddedWallets`, passed to each explicitly. */
export interface EmbeddedWalletsContext {
  readonly session: EmbeddedSession;
  readonly params: CreateEmbeddedWalletsParameters;
  /** The chains the Ethereum providers may use (default `[mainnet]`). */
  readonly chains: readonly EvmChain[];
  /** The wallet frame's proxy, mounted on first use. */
  proxy(): FrameProxy;
  /** The proxy, if mounted and its frame has answered the handshake (so may hold keys); else null. */
  readyProxy(): FrameProxy | null;
  /** Removes the frame (the next call to `proxy()` mounts a new one when made by a factory). */
  destroyFrame(): void;
  /** One EIP-1193 provider per Ethereum wallet, by lower-cased address. */
  readonly providers: Map<string, EmbeddedEthereumProvider>;
  /** The confirmation hook every provider awaits before signing (null: none). */
  confirm: ConfirmHook | null;
  /** Pinless recoveries under way, by entropy id. */
  readonly recovering: Map<string, Promise<{ entropyId: string }>>;
}

/**
 * The context of one embedded-wallets API. With a proxy factory, a frame that never answered the
 * handshake is dropped and the next call mounts a fresh one.
 */
export function createEmbeddedWalletsContext(
  params: CreateEmbeddedWalletsParameters,
): EmbeddedWalletsContext {
  let current: FrameProxy | null = null;
  let answered: FrameProxy | null = null;
  const watch = (proxy: FrameProxy) =>
    proxy.ready.then(
      () => {
        if (current === proxy || proxy === params.proxy) answered = proxy;
      },
      () => undefined,
    );
  if (typeof params.proxy !== 'function') void watch(params.proxy);
  return {
    session: params.session,
    params,
    chains: params.chains && params.chains.length > 0 ? params.chains : [mainnet],
    proxy() {
      if (typeof params.proxy !== 'function') return params.proxy;
      if (current) return current;
      const made = params.proxy();
      current = made;
      void watch(made);
      made.ready.catch(() => {
        if (current !== made) return;
        current = null;
        made.destroy();
      });
      return made;
    },
    readyProxy: () => answered,
    destroyFrame() {
      if (typeof params.proxy !== 'function') params.proxy.destroy();
      current?.destroy();
      current = null;
      answered = null;
    },
    providers: new Map(),
    confirm: params.confirm ?? null,
    recovering: new Map(),
  };
}

const mfaFree: ReadonlySet<string> = new Set(mfaFreeFrameEvents);

/**
 * A request to the wallet frame; resolves with the frame's answer. Typed by the event map of
 * `@latchkey/protocol` (frame-events.ts), so a request with a wrong field does not compile. A request
 * the server may gate behind MFA runs in the MFA loop (`withMfa`): refused for MFA, it is sent again
 * with the user's code; `forceMfa` asks for a code before the first try (`privy:mfa:verify`).
 */
export const frameCall = <E extends FrameEventName>(
  ctx: EmbeddedWalletsContext,
  event: E,
  data: FrameRequestOf<E>,
  options: { forceMfa?: boolean } = {},
): Promise<FrameResponseOf<E>> => {
  const send = (mfa: object) =>
    ctx.proxy().request<FrameResponseOf<E>>(event, { ...data, ...mfa } as Record<string, unknown>);
  if (mfaFree.has(event)) return send({});
  return withMfa(ctx.params.mfa, send, { force: options.forceMfa });
};
