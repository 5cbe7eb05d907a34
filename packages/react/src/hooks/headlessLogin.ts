import {
  createSiweFlow,
  createSiwsFlow,
  type HeadlessFlowState,
  type OtpLoginFlow,
  type PageOrigin,
  type SignatureFlowStep,
} from '@latchkey/core/flows/headless';
import { headlessLogin, linkAccountEvent } from '../accountOf.ts';
import { type LinkAccountCallbacks, type LoginCallbacks, PrivyErrorCode } from '../callbacks.ts';
import type { OtpFlowState } from '../flowStates.ts';
import type { LatchkeyContextValue } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { LinkedAccountWithMetadata, User } from '../userTypes.ts';

/**
 * What the headless login hooks do, apart from React (the hooks keep the state and the latest
 * callbacks): the core flows, the callbacks with the incumbent's arguments, and the provider's
 * events so `useLogin` and `useLinkAccount` hear failures and links as the incumbent's do.
 */
type Deps = Pick<LatchkeyContextValue, 'client' | 'events'>;
type Ref<T> = { readonly current: T };

export type SiweFlowState = HeadlessFlowState<SignatureFlowStep>;
export type { OtpFlowState };

const knownCodes = new Set<string>(Object.values(PrivyErrorCode));

/** The error's code when it is one of `PrivyErrorCode`, else `fallback` (`unknown_auth_error`). */
export function privyErrorCodeOf(
  error: unknown,
  fallback = PrivyErrorCode.UNKNOWN_AUTH_ERROR,
): PrivyErrorCode {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && knownCodes.has(code) ? (code as PrivyErrorCode) : fallback;
}

/** A call out of order (no code sent, no chain id…): the incumbent tells only the hook's `onError`. */
const outOfOrder = (error: unknown) =>
  (error as { name?: unknown }).name === 'LatchkeyClientError' &&
  (error as { code?: unknown }).code === 'unknown_auth_error';

/** The page the signed messages name; read at call time (never during a server render). */
const pageOrigin = (): PageOrigin => ({ domain: location.host, uri: location.origin });

function loginFailed(
  deps: Deps,
  callbacks: Ref<LoginCallbacks | undefined>,
  error: unknown,
  global: boolean,
) {
  const code = privyErrorCodeOf(error);
  if (global && !outOfOrder(error)) deps.events.emit('loginError', code);
  callbacks.current?.onError?.(code);
  return error;
}

/**
 * The link's event, its account the wallet that signed (the message's second line names it), so
 * two wallets verified in the same second are told apart.
 */
function walletLinkEvent(user: User, method: 'siwe' | 'siws', message: string) {
  const event = linkAccountEvent(user, method);
  const signer = message.split('\n')[1]?.trim().toLowerCase();
  const account = user.linkedAccounts.find(
    (a) => a.type === 'wallet' && (a as { address?: string }).address?.toLowerCase() === signer,
  );
  return account ? { ...event, linkedAccount: account } : event;
}

/**
 * `useLoginWithEmail` and `useLoginWithSms` without React, over the code login `flow` (the
 * provider's, shared by the hooks: sharedOtpLogin.ts), telling this hook's callbacks.
 *
 * @example
 * const flow = createOtpLoginFlow(client, 'email', console.log);
 * const { sendCode, loginWithCode } = otpLoginActions({ client, events }, 'email', { current: {} }, flow);
 */
export function otpLoginActions(
  deps: Deps,
  channel: 'email' | 'sms',
  callbacks: Ref<LoginCallbacks | undefined>,
  flow: OtpLoginFlow,
) {
  return {
    async sendCode(to: string, disableSignup?: boolean): Promise<void> {
      try {
        await flow.sendCode({ to, disableSignup });
      } catch (error) {
        throw loginFailed(deps, callbacks, error, true);
      }
    },
    async loginWithCode({ code }: { code: string }): Promise<void> {
      let result: Awaited<ReturnType<typeof flow.loginWithCode>>;
      try {
        result = await flow.loginWithCode({ code });
      } catch (error) {
        throw loginFailed(deps, callbacks, error, true);
      }
      const user = toClientUser(result.user);
      // The event first: `?.` would skip it, and `loggedIn` with it, when the app passed no onComplete.
      const event = headlessLogin(deps.events, { user, isNewUser: result.isNewUser, loginMethod: channel });
      callbacks.current?.onComplete?.(event);
    },
  };
}

export interface SiweSignature {
  signature: string;
  message: string;
  walletClientType?: string;
  connectorType?: string;
}

/**
 * `useLoginWithSiwe` without React.
 *
 * @example
 * const { generateSiweMessage } = siweLoginActions({ client, events }, { current: {} }, console.log);
 */
export function siweLoginActions(
  deps: Deps,
  callbacks: Ref<LoginCallbacks | undefined>,
  setState: (state: SiweFlowState) => void,
) {
  let flow: ReturnType<typeof createSiweFlow> | null = null;
  const siwe = () => (flow ??= createSiweFlow(deps.client, pageOrigin(), setState));
  return {
    async generateSiweNonce(options?: { address?: string; disableSignup?: boolean }): Promise<string> {
      try {
        return await siwe().generateNonce({ address: options?.address });
      } catch (error) {
        throw loginFailed(deps, callbacks, error, false);
      }
    },
    async generateSiweMessage({ address, chainId }: { address: string; chainId: `eip155:${number}` }) {
      try {
        return await siwe().generateMessage({ address, chainId });
      } catch (error) {
        throw loginFailed(deps, callbacks, error, false);
      }
    },
    async loginWithSiwe(params: SiweSignature & { disableSignup?: boolean }): Promise<User> {
      let result: Awaited<ReturnType<ReturnType<typeof siwe>['login']>>;
      try {
        result = await siwe().login(params);
      } catch (error) {
        throw loginFailed(deps, callbacks, error, true);
      }
      const user = toClientUser(result.user);
      // The event first: `?.` would skip it, and `loggedIn` with it, when the app passed no onComplete.
      const event = headlessLogin(deps.events, { user, isNewUser: result.isNewUser, loginMethod: 'siwe' });
      callbacks.current?.onComplete?.(event);
      return user;
    },
  };
}

/**
 * `useLinkWithSiwe` without React: a link is told to `useLinkAccount` too, as the incumbent does.
 *
 * @example
 * const { linkWithSiwe } = siweLinkActions({ client, events }, { current: {} }, console.log);
 */
export function siweLinkActions(
  deps: Deps,
  callbacks: Ref<LinkAccountCallbacks | undefined>,
  setState: (state: SiweFlowState) => void,
) {
  let flow: ReturnType<typeof createSiweFlow> | null = null;
  const siwe = () => (flow ??= createSiweFlow(deps.client, pageOrigin(), setState));
  const failed = (error: unknown, global: boolean) => {
    if (global) deps.events.emit('linkError', privyErrorCodeOf(error, PrivyErrorCode.FAILED_TO_LINK_ACCOUNT));
    callbacks.current?.onError?.(privyErrorCodeOf(error), { linkMethod: 'siwe' });
    return error;
  };
  return {
    async generateSiweMessage({ address, chainId }: { address: string; chainId: string }): Promise<string> {
      try {
        return await siwe().generateMessage({ address, chainId });
      } catch (error) {
        throw failed(error, false);
      }
    },
    async linkWithSiwe(params: SiweSignature & { chainId: string }): Promise<void> {
      let linked: Awaited<ReturnType<ReturnType<typeof siwe>['link']>>;
      try {
        linked = await siwe().link(params);
      } catch (error) {
        throw failed(error, true);
      }
      const event = walletLinkEvent(toClientUser(linked), 'siwe', params.message);
      deps.events.emit('linkSuccess', event);
      callbacks.current?.onSuccess?.(event);
    },
  };
}

export interface SiwsSignature extends SiweSignature {
  /** What was signed: `plain` (the message's bytes; the default) is what the server verifies. */
  messageType?: 'plain' | 'transaction' | 'offchain-message';
}

/**
 * `useLoginWithSiws` and `useLinkWithSiws` without React: no states and no callbacks, as the
 * incumbent's Solana hooks.
 *
 * @example
 * const { generateSiwsMessage } = siwsActions({ client, events });
 */
export function siwsActions(deps: Deps) {
  let flow: ReturnType<typeof createSiwsFlow> | null = null;
  const siws = () => (flow ??= createSiwsFlow(deps.client, pageOrigin()));
  return {
    generateSiwsMessage: ({ address }: { address: string }): Promise<string> =>
      siws().generateMessage({ address }),
    async loginWithSiws(params: SiwsSignature & { disableSignup?: boolean }): Promise<User> {
      const user = toClientUser((await siws().login(params)).user);
      deps.events.emit('loggedIn', undefined);
      return user;
    },
    async linkWithSiws(
      params: SiwsSignature,
    ): Promise<{ user: User; linkedAccount: LinkedAccountWithMetadata | null }> {
      const user = toClientUser(await siws().link(params));
      return { user, linkedAccount: walletLinkEvent(user, 'siws', params.message).linkedAccount };
    },
  };
}
