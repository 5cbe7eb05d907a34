import {
  buildSiweMessage,
  type LoginMode,
  type SiweLinkRequest,
  signInStatement,
  siweApi,
  type User,
} from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
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

/** What building a SIWE message needs: the wallet and the page. */
export interface SiweMessageParameters {
  /** EIP-55 checksummed. */
  address: string;
  /** The wallet's chain: numeric, or CAIP-2 (`eip155:1`). */
  chainId: number | string;
  /** The page host (`location.host`). */
  domain: string;
  /** The page origin (`location.origin`). */
  uri: string;
  /** The app's login message, used as the statement (cut to 100 characters). */
  loginMessage?: string | null | undefined;
  captchaToken?: string | undefined;
  /** Clock (tests). */
  now?: (() => Date) | undefined;
}

/** A signed SIWE message, as the app's own wallet signed it (the second step). */
export interface SiweSignatureParameters {
  /** The message from `generateSiweMessage`, unchanged. */
  message: string;
  /** The `personal_sign` (EIP-191) signature, 0x hex. */
  signature: string;
  /** The wallet's chain (numeric or CAIP-2); the server reads the message's when absent. */
  chainId?: number | string | undefined;
  walletClientType?: string | null | undefined;
  connectorType?: string | null | undefined;
}

/** `eip155:8453` or `8453` to 8453; anything else is refused. */
function chainNumber(chainId: number | string): number {
  const id = typeof chainId === 'number' ? chainId : Number(String(chainId).replace(/^eip155:/, ''));
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new LatchkeyClientError('invalid_input', `Invalid EIP-155 chain id: ${String(chainId)}`);
  }
  return id;
}

/**
 * Step one, part one: a fresh nonce for the wallet (`/siwe/init`); valid for one sign-in.
 *
 * @example
 * const nonce = await generateSiweNonce(ctx, { address });
 */
export async function generateSiweNonce(
  ctx: FlowContext,
  params: { address: string; captchaToken?: string | undefined },
): Promise<string> {
  const body = { address: params.address, token: params.captchaToken };
  return (await ctx.http.call(siweApi.siweInit, body, noBearer)).nonce;
}

/**
 * Step one: a nonce from the server and the EIP-4361 message for the wallet to sign. The app signs
 * it with its own wallet, then calls `authenticateWithSiweSignature` or `linkWithSiweSignature`.
 *
 * @example
 * const message = await generateSiweMessage(ctx, { address, chainId: 1, domain: location.host, uri: location.origin });
 */
export async function generateSiweMessage(ctx: FlowContext, params: SiweMessageParameters): Promise<string> {
  const chainId = chainNumber(params.chainId);
  const nonce = await generateSiweNonce(ctx, params);
  return buildSiweMessage({
    domain: params.domain,
    address: params.address,
    statement: signInStatement(params.loginMessage),
    uri: params.uri,
    chainId,
    nonce,
    issuedAt: (params.now?.() ?? new Date()).toISOString(),
  });
}

const signatureBody = (params: SiweSignatureParameters): SiweLinkRequest => ({
  message: params.message,
  signature: params.signature,
  chainId: params.chainId === undefined ? undefined : `eip155:${chainNumber(params.chainId)}`,
  walletClientType: params.walletClientType,
  connectorType: params.connectorType,
});

/**
 * Step two of a login: the signed message to `/siwe/authenticate`. Refused while logged in, and by
 * the server for a message it did not issue, a used nonce or another signer (`invalid_credentials`).
 *
 * @example
 * const { user } = await authenticateWithSiweSignature(ctx, { message, signature });
 */
export async function authenticateWithSiweSignature(
  ctx: FlowContext,
  params: SiweSignatureParameters & { mode?: LoginMode | undefined },
): Promise<LoginResult> {
  assertLoggedOut(ctx);
  const body = { ...signatureBody(params), mode: params.mode };
  return completeLogin(ctx, await ctx.http.call(siweApi.siweAuthenticate, body, noBearer));
}

/**
 * Step two of a link: the signed message to `/siwe/link`, then the session is refreshed.
 *
 * @example
 * const user = await linkWithSiweSignature(ctx, { message, signature, chainId: 'eip155:1' });
 */
export async function linkWithSiweSignature(
  ctx: FlowContext,
  params: SiweSignatureParameters,
): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await ctx.http.call(siweApi.siweLink, signatureBody(params)));
}

/** Both steps with a `signMessage` callback: the message, the signature, and the shared body's fields. */
async function signSiwe(ctx: FlowContext, params: SiweParameters): Promise<SiweSignatureParameters> {
  params.onStatus?.('generating-message');
  const message = await generateSiweMessage(ctx, params);
  params.onStatus?.('awaiting-signature');
  const signature = await params.signMessage(message);
  params.onStatus?.('submitting-signature');
  return {
    message,
    signature,
    chainId: params.chainId,
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
  return authenticateWithSiweSignature(ctx, { ...(await signSiwe(ctx, params)), mode: params.mode });
}

/** Links an Ethereum wallet to the logged-in user (`/siwe/link`), then refreshes the session. */
export async function linkWithSiwe(ctx: FlowContext, params: Omit<SiweParameters, 'mode'>): Promise<User> {
  assertLoggedIn(ctx);
  return linkWithSiweSignature(ctx, await signSiwe(ctx, params));
}

/** Unlinks an Ethereum wallet (`/siwe/unlink`). */
export async function unlinkEthereumWallet(ctx: FlowContext, params: { address: string }): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await ctx.http.call(siweApi.siweUnlink, { address: params.address }));
}
