import {
  buildSiwsMessage,
  type LoginMode,
  type SiwsLinkRequest,
  siwsApi,
  type User,
} from '@latchkey/protocol';
import { base64 } from '@scure/base';
import {
  assertLoggedIn,
  assertLoggedOut,
  completeAccountChange,
  completeLogin,
  type FlowContext,
  type LoginResult,
  noBearer,
} from './context.ts';
import type { SignInFlowStatus } from './siwe.ts';

/** SIWS paths (WIRE.md §3.3), kept for callers of this export; the routes are protocol's `siwsApi`. */
export const siwsRoutes = {
  init: siwsApi.siwsInit.path,
  authenticate: siwsApi.siwsAuthenticate.path,
  link: siwsApi.siwsLink.path,
  unlink: siwsApi.siwsUnlink.path,
} as const;

export interface SiwsParameters {
  /** Base58 public key. */
  address: string;
  /** Signs the UTF-8 message bytes; returns the ed25519 signature. */
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  walletClientType: string;
  connectorType: string;
  domain: string;
  uri: string;
  captchaToken?: string | undefined;
  mode?: LoginMode | undefined;
  onStatus?: ((status: SignInFlowStatus) => void) | undefined;
  now?: (() => Date) | undefined;
}

async function signSiws(ctx: FlowContext, params: SiwsParameters): Promise<SiwsLinkRequest> {
  params.onStatus?.('generating-message');
  const { nonce } = await ctx.http.call(
    siwsApi.siwsInit,
    { address: params.address, token: params.captchaToken },
    noBearer,
  );
  const message = buildSiwsMessage({
    domain: params.domain,
    address: params.address,
    uri: params.uri,
    nonce,
    issuedAt: (params.now?.() ?? new Date()).toISOString(),
  });
  params.onStatus?.('awaiting-signature');
  // The SIWS signature travels as standard padded base64.
  const signature = base64.encode(await params.signMessage(new TextEncoder().encode(message)));
  params.onStatus?.('submitting-signature');
  return {
    message,
    signature,
    walletClientType: params.walletClientType,
    connectorType: params.connectorType,
    message_type: 'plain',
  };
}

/**
 * Logs in with a Solana wallet (Sign-In with Solana): `/siws/init`, sign, `/siws/authenticate`.
 *
 * @example
 * const { user } = await loginWithSiws(ctx, { address, signMessage, walletClientType: 'phantom',
 *   connectorType: 'solana_adapter', domain: location.host, uri: location.origin });
 */
export async function loginWithSiws(ctx: FlowContext, params: SiwsParameters): Promise<LoginResult> {
  assertLoggedOut(ctx);
  const body = { ...(await signSiws(ctx, params)), mode: params.mode };
  return completeLogin(ctx, await ctx.http.call(siwsApi.siwsAuthenticate, body, noBearer));
}

/** Links a Solana wallet to the logged-in user (`/siws/link`), then refreshes the session. */
export async function linkWithSiws(ctx: FlowContext, params: Omit<SiwsParameters, 'mode'>): Promise<User> {
  assertLoggedIn(ctx);
  const body = await signSiws(ctx, params);
  return completeAccountChange(ctx, await ctx.http.call(siwsApi.siwsLink, body));
}

/** Unlinks a Solana wallet (`/siws/unlink`). */
export async function unlinkSolanaWallet(ctx: FlowContext, params: { address: string }): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await ctx.http.call(siwsApi.siwsUnlink, { address: params.address }));
}
