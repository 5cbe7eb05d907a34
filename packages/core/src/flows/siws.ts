import {
  buildSiwsMessage,
  type LoginMode,
  type SiwsLinkRequest,
  type SiwsMessageType,
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

/** What building a SIWS message needs: the wallet and the page. */
export interface SiwsMessageParameters {
  /** Base58 public key. */
  address: string;
  /** The page host (`location.host`). */
  domain: string;
  /** The page origin (`location.origin`). */
  uri: string;
  captchaToken?: string | undefined;
  /** Clock (tests). */
  now?: (() => Date) | undefined;
}

/** A signed SIWS message, as the app's own wallet signed it (the second step). */
export interface SiwsSignatureParameters {
  /** The message from `generateSiwsMessage`, unchanged. */
  message: string;
  /** Standard padded base64 of the ed25519 signature. */
  signature: string;
  walletClientType?: string | null | undefined;
  connectorType?: string | null | undefined;
  /** What was signed; the server verifies `plain` (the message's UTF-8 bytes) only. Default `plain`. */
  messageType?: SiwsMessageType | undefined;
}

/**
 * Step one: a nonce from the server (`/siws/init`) and the SIWS message for the wallet to sign
 * (its UTF-8 bytes). Then `authenticateWithSiwsSignature` or `linkWithSiwsSignature`.
 *
 * @example
 * const message = await generateSiwsMessage(ctx, { address, domain: location.host, uri: location.origin });
 */
export async function generateSiwsMessage(ctx: FlowContext, params: SiwsMessageParameters): Promise<string> {
  const { nonce } = await ctx.http.call(
    siwsApi.siwsInit,
    { address: params.address, token: params.captchaToken },
    noBearer,
  );
  return buildSiwsMessage({
    domain: params.domain,
    address: params.address,
    uri: params.uri,
    nonce,
    issuedAt: (params.now?.() ?? new Date()).toISOString(),
  });
}

const signatureBody = (params: SiwsSignatureParameters): SiwsLinkRequest => ({
  message: params.message,
  signature: params.signature,
  walletClientType: params.walletClientType,
  connectorType: params.connectorType,
  message_type: params.messageType ?? 'plain',
});

/**
 * Step two of a login: the signed message to `/siws/authenticate`. Refused while logged in, and by
 * the server for a message it did not issue, a used nonce or another signer (`invalid_credentials`).
 *
 * @example
 * const { user } = await authenticateWithSiwsSignature(ctx, { message, signature: base64Signature });
 */
export async function authenticateWithSiwsSignature(
  ctx: FlowContext,
  params: SiwsSignatureParameters & { mode?: LoginMode | undefined },
): Promise<LoginResult> {
  assertLoggedOut(ctx);
  const body = { ...signatureBody(params), mode: params.mode };
  return completeLogin(ctx, await ctx.http.call(siwsApi.siwsAuthenticate, body, noBearer));
}

/**
 * Step two of a link: the signed message to `/siws/link`, then the session is refreshed.
 *
 * @example
 * const user = await linkWithSiwsSignature(ctx, { message, signature: base64Signature });
 */
export async function linkWithSiwsSignature(
  ctx: FlowContext,
  params: SiwsSignatureParameters,
): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await ctx.http.call(siwsApi.siwsLink, signatureBody(params)));
}

/** Both steps with a `signMessage` callback. */
async function signSiws(ctx: FlowContext, params: SiwsParameters): Promise<SiwsSignatureParameters> {
  params.onStatus?.('generating-message');
  const message = await generateSiwsMessage(ctx, params);
  params.onStatus?.('awaiting-signature');
  // The SIWS signature travels as standard padded base64.
  const signature = base64.encode(await params.signMessage(new TextEncoder().encode(message)));
  params.onStatus?.('submitting-signature');
  return {
    message,
    signature,
    walletClientType: params.walletClientType,
    connectorType: params.connectorType,
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
  return authenticateWithSiwsSignature(ctx, { ...(await signSiws(ctx, params)), mode: params.mode });
}

/** Links a Solana wallet to the logged-in user (`/siws/link`), then refreshes the session. */
export async function linkWithSiws(ctx: FlowContext, params: Omit<SiwsParameters, 'mode'>): Promise<User> {
  assertLoggedIn(ctx);
  return linkWithSiwsSignature(ctx, await signSiws(ctx, params));
}

/** Unlinks a Solana wallet (`/siws/unlink`). */
export async function unlinkSolanaWallet(ctx: FlowContext, params: { address: string }): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await ctx.http.call(siwsApi.siwsUnlink, { address: params.address }));
}
