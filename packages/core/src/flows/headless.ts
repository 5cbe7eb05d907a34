/**
 * The incumbent's headless login flows, step by step with their states (spec document 1 §4 Flow
 * states): an emailed or texted code (`sendCode`, then `loginWithCode`), and a wallet's signature
 * over a message the app has its own wallet sign (`generateMessage`, then `login` or `link`). The
 * React hooks (`useLoginWithEmail`, `useLoginWithSiwe`, …) are thin adapters over these.
 */
import type { LoginMode, User } from '@latchkey/protocol';
import { base58 } from '@scure/base';
import { LatchkeyClientError } from '../errors.ts';
import type { FlowContext, LoginResult } from './context.ts';
import type { LoginWithEmailCodeParameters, SendEmailCodeParameters } from './email.ts';
import {
  authenticateWithSiweSignature,
  generateSiweMessage,
  generateSiweNonce,
  linkWithSiweSignature,
  type SiweSignatureParameters,
} from './siwe.ts';
import {
  authenticateWithSiwsSignature,
  generateSiwsMessage,
  linkWithSiwsSignature,
  type SiwsSignatureParameters,
} from './siws.ts';
import type { LoginWithSmsCodeParameters, SendSmsCodeParameters } from './sms.ts';

/** What the flows use of the client (`LatchkeyClient` has it; named here to keep the layers apart). */
export interface HeadlessClient {
  getState(): { user: unknown };
  run<R>(action: (ctx: FlowContext) => Promise<R>): Promise<R>;
  email: {
    sendCode(params: SendEmailCodeParameters): Promise<void>;
    loginWithCode(params: LoginWithEmailCodeParameters): Promise<LoginResult>;
  };
  sms: {
    sendCode(params: SendSmsCodeParameters): Promise<void>;
    loginWithCode(params: LoginWithSmsCodeParameters): Promise<LoginResult>;
  };
}

/** Where a headless flow stands: its own steps between `initial` and `done`, or the error. */
export type HeadlessFlowState<Step extends string> =
  | { status: 'initial' }
  | { status: 'error'; error: Error | null }
  | { status: Step }
  | { status: 'done' };

export type OtpFlowStep = 'sending-code' | 'awaiting-code-input' | 'submitting-code';
export type SignatureFlowStep = 'generating-message' | 'awaiting-signature' | 'submitting-signature';

/** Where the page is: the signed message names them (`location.host`, `location.origin`). */
export interface PageOrigin {
  domain: string;
  uri: string;
}

type OnState<Step extends string> = (state: HeadlessFlowState<Step>) => void;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Runs one step: on failure the state becomes the error, and the error is thrown on. */
async function step<T, Step extends string>(onState: OnState<Step>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    onState({ status: 'error', error: asError(error) });
    throw error;
  }
}

/** The incumbent's messages for calls out of order (their code: `unknown_auth_error`). */
export const headlessFlowMessages = {
  emailRequired: 'Email required to send OTP code',
  phoneRequired: 'SMS required to send OTP code',
  noCodeSent: 'Must initialize a passwordless code flow first',
  alreadyLoggedIn: 'User already authenticated',
  mustBeLoggedIn: 'User must be authenticated before linking',
  chainRequired: 'wallet address and chainId required to generate nonce',
} as const;

const outOfOrder = (message: string) => new LatchkeyClientError('unknown_auth_error', message);

export interface OtpLoginFlow {
  /** Sends the code; `disableSignup` makes the login refuse an unknown user (`no-signup`). */
  sendCode(params: { to: string; disableSignup?: boolean | undefined }): Promise<void>;
  /** Logs in with the code sent last; refused before `sendCode` and while logged in. */
  loginWithCode(params: { code: string }): Promise<LoginResult>;
}

/**
 * A code login by email or SMS: `sending-code` → `awaiting-code-input` → `submitting-code` →
 * `done`, or `error` with what was thrown. A wrong code can be retried (the server caps attempts
 * per code; then a new `sendCode`).
 *
 * @example
 * const flow = createOtpLoginFlow(client, 'email', setState);
 * await flow.sendCode({ to: 'alice@example.com' });
 * const { user } = await flow.loginWithCode({ code: '123456' });
 */
export function createOtpLoginFlow(
  client: Pick<HeadlessClient, 'email' | 'sms' | 'getState'>,
  channel: 'email' | 'sms',
  onState: OnState<OtpFlowStep>,
): OtpLoginFlow {
  let sent: { to: string; mode: LoginMode | undefined } | null = null;
  return {
    sendCode: ({ to, disableSignup }) =>
      step(onState, async () => {
        if (!to)
          throw outOfOrder(
            channel === 'email' ? headlessFlowMessages.emailRequired : headlessFlowMessages.phoneRequired,
          );
        onState({ status: 'sending-code' });
        if (channel === 'email') await client.email.sendCode({ email: to });
        else await client.sms.sendCode({ phoneNumber: to });
        sent = { to, mode: disableSignup ? 'no-signup' : undefined };
        onState({ status: 'awaiting-code-input' });
      }),
    loginWithCode: ({ code }) =>
      step(onState, async () => {
        onState({ status: 'submitting-code' });
        if (!sent) throw outOfOrder(headlessFlowMessages.noCodeSent);
        const { to, mode } = sent;
        const result =
          channel === 'email'
            ? await client.email.loginWithCode({ email: to, code, mode })
            : await client.sms.loginWithCode({ phoneNumber: to, code, mode });
        sent = null;
        onState({ status: 'done' });
        return result;
      }),
  };
}

/** The wallet's chain, as the hooks take it: `eip155:1` or `1`. */
type ChainId = string | number;

export interface SiweFlow {
  /** A nonce for the app's own message (lower level than `generateMessage`). */
  generateNonce(params: { address?: string | undefined }): Promise<string>;
  /** The EIP-4361 message for the wallet to sign. */
  generateMessage(params: { address: string; chainId: ChainId }): Promise<string>;
  login(params: SiweSignatureParameters & { disableSignup?: boolean | undefined }): Promise<LoginResult>;
  link(params: SiweSignatureParameters): Promise<User>;
}

/**
 * Sign-In with Ethereum in two steps, the app signing with its own wallet: `generating-message` →
 * `awaiting-signature` (the message is returned) → `submitting-signature` → `done`, or `error`.
 *
 * @example
 * const flow = createSiweFlow(client, { domain: location.host, uri: location.origin }, setState);
 * const message = await flow.generateMessage({ address, chainId: 'eip155:1' });
 * await flow.login({ message, signature: await account.signMessage({ message }) });
 */
export function createSiweFlow(
  client: Pick<HeadlessClient, 'run' | 'getState'>,
  page: PageOrigin,
  onState: OnState<SignatureFlowStep>,
): SiweFlow {
  const nonceOrMessage = <T>(run: () => Promise<T>) =>
    step(onState, async () => {
      onState({ status: 'generating-message' });
      const value = await run();
      onState({ status: 'awaiting-signature' });
      return value;
    });
  return {
    generateNonce: ({ address }) =>
      nonceOrMessage(() => client.run((ctx) => generateSiweNonce(ctx, { address: address ?? '' }))),
    generateMessage: ({ address, chainId }) =>
      nonceOrMessage(() => {
        if (!address || !chainId) throw outOfOrder(headlessFlowMessages.chainRequired);
        return client.run((ctx) => generateSiweMessage(ctx, { ...page, address, chainId }));
      }),
    login: ({ disableSignup, ...signed }) =>
      step(onState, async () => {
        if (client.getState().user)
          throw new LatchkeyClientError('already_logged_in', headlessFlowMessages.alreadyLoggedIn);
        onState({ status: 'submitting-signature' });
        const mode = disableSignup ? 'no-signup' : undefined;
        const result = await client.run((ctx) => authenticateWithSiweSignature(ctx, { ...signed, mode }));
        onState({ status: 'done' });
        return result;
      }),
    link: (signed) =>
      step(onState, async () => {
        onState({ status: 'submitting-signature' });
        const user = await client.run((ctx) => linkWithSiweSignature(ctx, signed));
        onState({ status: 'done' });
        return user;
      }),
  };
}

export interface SiwsFlow {
  generateMessage(params: { address: string }): Promise<string>;
  login(params: SiwsSignatureParameters & { disableSignup?: boolean | undefined }): Promise<LoginResult>;
  link(params: SiwsSignatureParameters): Promise<User>;
}

/**
 * Sign-In with Solana in two steps, the app signing with its own wallet (the signature as standard
 * base64). No states: the incumbent's Solana hooks have none.
 *
 * @example
 * const flow = createSiwsFlow(client, { domain: location.host, uri: location.origin });
 * const message = await flow.generateMessage({ address });
 */
export function createSiwsFlow(client: Pick<HeadlessClient, 'run' | 'getState'>, page: PageOrigin): SiwsFlow {
  return {
    generateMessage: ({ address }) => client.run((ctx) => generateSiwsMessage(ctx, { ...page, address })),
    async login({ disableSignup, ...signed }) {
      if (client.getState().user)
        throw new LatchkeyClientError('already_logged_in', headlessFlowMessages.alreadyLoggedIn);
      const mode = disableSignup ? 'no-signup' : undefined;
      return client.run((ctx) => authenticateWithSiwsSignature(ctx, { ...signed, mode }));
    },
    async link(signed) {
      if (!client.getState().user)
        throw new LatchkeyClientError('must_be_authenticated', headlessFlowMessages.mustBeLoggedIn);
      return client.run((ctx) => linkWithSiwsSignature(ctx, signed));
    },
  };
}

const offchainDomain = 'solana offchain';
const offchainMaxLength = 1232;

/**
 * A SIWS message in the Solana off-chain message format (version 0, UTF-8), which hardware wallets
 * sign instead of raw bytes: 0xff, `solana offchain`, version, the 32-byte application domain (the
 * message's URI), format, one signer and its key, the little-endian length, the message. Pure.
 * The server verifies `plain` signatures only for now (`offchain-message` is refused).
 *
 * @example
 * const bytes = buildSiwsOffchainMessage({ message, address });
 */
export function buildSiwsOffchainMessage(params: { message: string; address: string }): Uint8Array {
  const uri = /^URI: (.+)$/m.exec(params.message)?.[1];
  if (!uri) throw new LatchkeyClientError('invalid_message', 'SIWS message must include a URI');
  const signer = base58.decode(params.address);
  if (signer.length !== 32)
    throw new LatchkeyClientError('invalid_input', 'Signer public key must be 32 bytes');
  const utf8 = new TextEncoder();
  const text = utf8.encode(params.message);
  const length = 85 + text.length;
  if (length > offchainMaxLength) {
    throw new LatchkeyClientError(
      'invalid_message',
      `Combined message length (${length}) exceeds maximum (${offchainMaxLength})`,
    );
  }
  const out = new Uint8Array(length);
  out[0] = 0xff;
  out.set(utf8.encode(offchainDomain), 1);
  // out[16]: version 0. The application domain: the URI's first 32 bytes, zero-padded.
  out.set(utf8.encode(uri).slice(0, 32), 17);
  out[49] = 1; // format: restricted UTF-8
  out[50] = 1; // one signer
  out.set(signer, 51);
  out[83] = text.length & 0xff;
  out[84] = (text.length >> 8) & 0xff;
  out.set(text, 85);
  return out;
}
