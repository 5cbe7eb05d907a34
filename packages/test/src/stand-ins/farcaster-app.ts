import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client';
import type { Hex, LocalAccount } from 'viem';

/**
 * The user's Farcaster app, as Sign In With Farcaster needs it: it reads a channel's sign-in
 * parameters from the relay, builds the SIWF message with `@farcaster/auth-client`'s wallet client
 * (`buildSignInMessage`: statement, chain id 10, the fid resource), signs it with the fid's custody
 * account (or an auth address), and posts it with `authenticate` (`POST /v1/channel/authenticate`,
 * `Authorization: Bearer <channelToken>`, `X-Farcaster-Auth-Relay-Key`), the calls the real app
 * makes of the relay. `signInMessage` alone serves the Mini App flow (`sdk.actions.signIn`), where
 * the host returns the signed message without a relay.
 */

export interface FarcasterAppProfile {
  username?: string;
  displayName?: string;
  bio?: string;
  pfpUrl?: string;
}

export interface FarcasterAppOptions {
  /** The relay's base URL without the version: auth-client calls `${relayUrl}/v1/channel/…`. */
  relayUrl?: string;
  /** Signs the messages: the fid's custody account, or one of its auth addresses. */
  account: LocalAccount;
  fid: number | bigint;
  /**
   * What `authenticate` says signed: `custody` (the default) or `authAddress` (the account is a key
   * type 2 key of the fid). The message is the same either way (auth-client 0.7 builds one fid
   * resource); verifiers find out which by asking the KeyRegistry.
   */
  authMethod?: 'custody' | 'authAddress';
  /** The profile sent with `authenticate`, as the app sends what the hub has. */
  profile?: FarcasterAppProfile;
}

/** What the relay's channel gives the app to sign (`signatureParams` of `GET /v1/channel/status`). */
export interface SignInParams {
  domain: string;
  /** The SIWE `URI:` line (the relay calls it `siweUri`). */
  uri: string;
  nonce: string;
  notBefore?: string;
  expirationTime?: string;
  requestId?: string;
}

export interface FarcasterApp {
  /** The SIWF message for `params`, signed by the account. */
  signInMessage(params: SignInParams): Promise<{ message: string; signature: Hex }>;
  /** The channel's parameters from the relay (`GET /v1/channel/status` with the channel token). */
  channelParams(channelToken: string): Promise<SignInParams>;
  /**
   * Approves a sign-in as the user scanning the QR code: the channel token from `connectUri`
   * (auth-client's `parseSignInURI`) or given, its parameters from the relay, the message signed,
   * then `authenticate`. Returns what was signed and the relay's answer (HTTP status and body, a
   * refusal too); throws only when the relay cannot be reached or answers no JSON.
   */
  approve(args: {
    authKey: string;
    connectUri?: string;
    channelToken?: string;
    /** Overrides for the message (another nonce or domain, to test refusals). */
    params?: Partial<SignInParams>;
  }): Promise<{ message: string; signature: Hex; status: number; body: unknown }>;
}

/** A closed port: the wallet client makes no chain calls, but its connector needs a URL. */
const unusedRpc = 'http://127.0.0.1:9/';

export function farcasterApp(options: FarcasterAppOptions): FarcasterApp {
  const { account, profile = {} } = options;
  const fid = Number(options.fid);
  const method = options.authMethod ?? 'custody';
  // Without a relayUrl auth-client would call Farcaster's real relay: the relay calls refuse instead.
  const config = { relay: options.relayUrl ?? unusedRpc, ethereum: viemConnector({ rpcUrl: unusedRpc }) };
  const wallet = createWalletClient(config);
  const app = createAppClient(config);

  async function signInMessage(params: SignInParams) {
    // auth-client sets the statement, chain id 10, version, `Issued At` (now) and the fid resource.
    const built = wallet.buildSignInMessage({
      address: account.address,
      fid,
      domain: params.domain,
      uri: params.uri,
      nonce: params.nonce,
      ...(params.notBefore ? { notBefore: new Date(params.notBefore) } : {}),
      ...(params.expirationTime ? { expirationTime: new Date(params.expirationTime) } : {}),
      ...(params.requestId ? { requestId: params.requestId } : {}),
    });
    if (built.isError) throw built.error ?? new Error('buildSignInMessage failed');
    const { message } = built;
    return { message, signature: await account.signMessage({ message }) };
  }

  async function channelParams(channelToken: string): Promise<SignInParams> {
    if (!options.relayUrl) throw new Error('farcasterApp needs a relayUrl to reach a channel');
    const answer = await app.status({ channelToken });
    // auth-client answers errors as values (`isError`), and any JSON answer as `data`.
    if (answer.isError) throw answer.error ?? new Error('channel status failed');
    if (!answer.data.signatureParams)
      throw new Error(`channel status ${answer.response.status}: ${JSON.stringify(answer.data)}`);
    const { data } = answer;
    const { siweUri, domain, nonce, notBefore, expirationTime, requestId } = data.signatureParams;
    return {
      domain,
      uri: siweUri,
      nonce: nonce ?? data.nonce,
      ...(notBefore ? { notBefore } : {}),
      ...(expirationTime ? { expirationTime } : {}),
      ...(requestId ? { requestId } : {}),
    };
  }

  return {
    signInMessage,
    channelParams,
    async approve({ authKey, connectUri, channelToken, params }) {
      const token =
        channelToken ?? (connectUri ? wallet.parseSignInURI({ uri: connectUri }).channelToken : undefined);
      if (!token) throw new Error('approve needs a connectUri or a channelToken');
      const { message, signature } = await signInMessage({ ...(await channelParams(token)), ...params });
      const response = await wallet.authenticate({
        authKey,
        channelToken: token,
        message,
        signature,
        fid,
        authMethod: method,
        ...profile,
      });
      if (response.isError) throw response.error ?? new Error('authenticate failed');
      return { message, signature, status: response.response.status, body: response.data };
    },
  };
}
