import {
  buildSiweMessage,
  type LoginMode,
  type SiweLinkRequest,
  signInStatement,
  siweApi,
  type User,
} from '@latchkey/protocol';
import {
  assertLoggedIn,
  assertLoggedOut,
  completeAccountChange,
  completeLogin,
  type FlowContext,
  type LoginResult,
  noBearer,
} from './context.ts';

/** SIWE paths (WIRE.md §3.3), kept for callers of this export; the routes are protocol's `siweApi`. */
export const siweRoutes = {
  init: siweApi.siweInit.path,
  authenticate: siweApi.siweAuthenticate.path,
  link: siweApi.siweLink.path,
  unlink: siweApi.siweUnlink.path,
} as const;

/** SIWE flow states (spec document 1 §4 Flow states). */
export type SignInFlowStatus = 'generating-message' | 'awaiting-signature' | 'submitting-signature';

/** What a wallet login needs from the page and the wallet. */
export interface SiweParameters {
  /** EIP-55 checksummed. */
  address: string;
  /** The wallet's current chain (numeric). */
  chainId: number;
  /** Signs the message with `personal_sign`; returns the 0x signature. */
  signMessage(message: string): Promise<string>;
  walletClientType: string;
  connectorType: string;
  /** The page host (`location.host`). */
  domain: string;
  /** The page origin (`location.origin`). */
  uri: string;
  /** The app's login message, used as the statement (cut to 100 characters). */
  loginMessage?: string | null | undefined;
  captchaToken?: string | undefined;
  /** `no-signup` refuses unknown users. */
  mode?: LoginMode | undefined;
  onStatus?: ((status: SignInFlowStatus) => void) | undefined;
  /** Clock (tests). */
  now?: (() => Date) | undefined;
}

/** Gets a nonce and signs the message; returns the body shared by authenticate and link. */
async function signSiwe(ctx: FlowContext, params: SiweParameters): Promise<SiweLinkRequest> {
  params.onStatus?.('generating-message');
  const { nonce } = await ctx.http.call(
    siweApi.siweInit,
    { address: params.address, token: params.captchaToken },
    noBearer,
  );
  const message = buildSiweMessage({
    domain: params.domain,
    address: params.address,
    statement: signInStatement(params.loginMessage),
    uri: params.uri,
    chainId: params.chainId,
    nonce,
    issuedAt: (params.now?.() ?? new Date()).toISOString(),
  });
  params.onStatus?.('awaiting-signature');
  const signature = await params.signMessage(message);
  params.onStatus?.('submitting-signature');
  return {
    message,
    signature,
    chainId: `eip155:${params.chainId}`,
    walletClientType: params.walletClientType,
    connectorType: params.connectorType,
  };
}

/**
 * Logs in with an Ethereum wallet (Sign-In with Ethereum): `/siwe/init`, sign, `/siwe/authenticate`.
 *
 * @example
 * const { user } = await loginWithSiwe(ctx, { address, chainId: 1, signMessage, walletClientType: 'metamask',
 *   connectorType: 'injected', domain: location.host, uri: location.origin });
 */
export async function loginWithSiwe(ctx: FlowContext, params: SiweParameters): Promise<LoginResult> {
  assertLoggedOut(ctx);
  const body = { ...(await signSiwe(ctx, params)), mode: params.mode };
  return completeLogin(ctx, await ctx.http.call(siweApi.siweAuthenticate, body, noBearer));
}

/** Links an Ethereum wallet to the logged-in user (`/siwe/link`), then refreshes the session. */
export async function linkWithSiwe(ctx: FlowContext, params: Omit<SiweParameters, 'mode'>): Promise<User> {
  assertLoggedIn(ctx);
  const body = await signSiwe(ctx, params);
  return completeAccountChange(ctx, await ctx.http.call(siweApi.siweLink, body));
}

/** Unlinks an Ethereum wallet (`/siwe/unlink`). */
export async function unlinkEthereumWallet(ctx: FlowContext, params: { address: string }): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await ctx.http.call(siweApi.siweUnlink, { address: params.address }));
}
