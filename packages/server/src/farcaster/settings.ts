import type { ServerSettings } from '../settings.ts';
import type { FarcasterRegistry } from './registry.ts';
import type { SignedKeyRequestApi } from './signer-api.ts';

/**
 * Farcaster login's server-wide settings. A deployment sets them through `LATCHKEY_FARCASTER_*`; a
 * test (or an embedding program) passes `settings.farcaster` to `createLatchkey`, which the
 * augmentation below adds to the server's settings from this folder.
 */
export interface FarcasterSettings {
  /**
   * Where a connect URI sends the user (`LATCHKEY_FARCASTER_SIGN_IN_URL`): the Farcaster app's
   * sign-in page, which reads `channelToken` from the query.
   */
  signInUrl: string;
  /**
   * A relay elsewhere to open login channels on (`LATCHKEY_FARCASTER_RELAY_URL`, e.g. the Farcaster
   * network's public relay, the one the Farcaster app completes channels on), instead of the
   * embedded one. Unset: the embedded relay (relay.ts).
   */
  relayUrl: string | null;
  /**
   * The key the Farcaster app (or a stand-in) completes channels of the embedded relay with
   * (`LATCHKEY_FARCASTER_RELAY_KEY`, header `X-Farcaster-Auth-Relay-Key`). Unset: the embedded
   * relay completes no channel. A secret: never logged.
   */
  relayKey: string | null;
  /**
   * A Farcaster hub's HTTP API (`LATCHKEY_FARCASTER_HUB_URL`): the profile (username, display name,
   * bio, picture, URL) is read from it at login. Unset: the profile the channel's completion carried.
   */
  hubUrl: string | null;
  /**
   * Warpcast's API, where the server posts the signed key requests of Farcaster signers
   * (`LATCHKEY_FARCASTER_SIGNER_API_URL`, its routes under `/v2`): the Farcaster app shows the user
   * the requests made there. Default `https://api.warpcast.com`.
   */
  signerApiUrl: string;
  /** How long a channel lives (`LATCHKEY_FARCASTER_CHANNEL_TTL`, seconds): the reference relay's hour. */
  channelTtlSeconds: number;
  /**
   * Reads the Farcaster registries. By default the IdRegistry and KeyRegistry on Optimism through
   * `LATCHKEY_RPC_URLS`' `eip155:10`; tests (or an embedder) put one of their own here.
   */
  registry?: FarcasterRegistry;
  /**
   * Posts signed key requests. By default Warpcast's API at `signerApiUrl` (signer-api.ts); an
   * embedder may put another here.
   */
  signerApi?: SignedKeyRequestApi;
}

declare module '../settings.ts' {
  interface ServerSettings {
    /** Farcaster login (farcaster/settings.ts); when absent, read from `LATCHKEY_FARCASTER_*`. */
    farcaster?: Partial<FarcasterSettings>;
  }
}

export const defaultFarcasterSettings: FarcasterSettings = {
  signInUrl: 'https://farcaster.xyz/~/siwf',
  relayUrl: null,
  relayKey: null,
  hubUrl: null,
  signerApiUrl: 'https://api.warpcast.com',
  channelTtlSeconds: 3600,
};

/** The settings from `LATCHKEY_FARCASTER_*`; unset ones keep their defaults. */
export function farcasterSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<FarcasterSettings> {
  const settings: Partial<FarcasterSettings> = {};
  if (env.LATCHKEY_FARCASTER_SIGN_IN_URL) settings.signInUrl = env.LATCHKEY_FARCASTER_SIGN_IN_URL;
  if (env.LATCHKEY_FARCASTER_RELAY_URL) settings.relayUrl = env.LATCHKEY_FARCASTER_RELAY_URL;
  if (env.LATCHKEY_FARCASTER_RELAY_KEY) settings.relayKey = env.LATCHKEY_FARCASTER_RELAY_KEY;
  if (env.LATCHKEY_FARCASTER_HUB_URL) settings.hubUrl = env.LATCHKEY_FARCASTER_HUB_URL;
  if (env.LATCHKEY_FARCASTER_SIGNER_API_URL) settings.signerApiUrl = env.LATCHKEY_FARCASTER_SIGNER_API_URL;
  if (env.LATCHKEY_FARCASTER_CHANNEL_TTL)
    settings.channelTtlSeconds = Number(env.LATCHKEY_FARCASTER_CHANNEL_TTL);
  return settings;
}

/** An http(s) URL without its trailing slash; throws naming the variable otherwise. */
function httpUrl(value: string, variable: string): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol)) throw new Error(`${variable} must be an http(s) URL`);
  return value.replace(/\/+$/, '');
}

/**
 * The settings in force: the server's `farcaster` settings, else the environment's, over the
 * defaults; checked, so a typo fails the first Farcaster request loudly rather than weakening it.
 */
export function farcasterSettings(
  settings: Pick<ServerSettings, 'farcaster'>,
  env: NodeJS.ProcessEnv = process.env,
): FarcasterSettings {
  const resolved = { ...defaultFarcasterSettings, ...(settings.farcaster ?? farcasterSettingsFromEnv(env)) };
  if (!Number.isInteger(resolved.channelTtlSeconds) || resolved.channelTtlSeconds <= 0)
    throw new Error('LATCHKEY_FARCASTER_CHANNEL_TTL must be a whole number of seconds');
  // A guessable relay key lets anyone complete channels with any message: they still fail
  // verification, but the key is what keeps the embedded relay to the Farcaster app.
  if (
    resolved.relayKey !== null &&
    (resolved.relayKey.length < 16 || !/^[\x21-\x7e]+$/.test(resolved.relayKey))
  )
    throw new Error('LATCHKEY_FARCASTER_RELAY_KEY must be at least 16 printable characters, no spaces');
  return {
    ...resolved,
    signInUrl: httpUrl(resolved.signInUrl, 'LATCHKEY_FARCASTER_SIGN_IN_URL'),
    relayUrl: resolved.relayUrl === null ? null : httpUrl(resolved.relayUrl, 'LATCHKEY_FARCASTER_RELAY_URL'),
    hubUrl: resolved.hubUrl === null ? null : httpUrl(resolved.hubUrl, 'LATCHKEY_FARCASTER_HUB_URL'),
    signerApiUrl: httpUrl(resolved.signerApiUrl, 'LATCHKEY_FARCASTER_SIGNER_API_URL'),
  };
}
