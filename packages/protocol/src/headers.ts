import { dpopHeaders, mfaTokenHeader } from './frame-api.ts';

/** Request headers the client SDKs send (WIRE.md §1.2). */
export const headers = {
  appId: 'privy-app-id',
  clientId: 'privy-client-id',
  client: 'privy-client',
  analyticsId: 'privy-ca-id',
  ui: 'privy-ui',
  nativeAppIdentifier: 'x-native-app-identifier',
  farcasterChannelToken: 'farcaster-channel-token',
  authorizationSignature: 'privy-authorization-signature',
  requestExpiry: 'privy-request-expiry',
  idempotencyKey: 'privy-idempotency-key',
  skipSimulation: 'x-privy-skip-simulation',
} as const;

/**
 * Every header a browser client may send, for `Access-Control-Allow-Headers` (the frame's DPoP proof
 * and MFA token too: frame-api.ts).
 */
export const allowedRequestHeaders = [
  'authorization',
  'content-type',
  'accept',
  dpopHeaders.proof,
  mfaTokenHeader,
  ...Object.values(headers),
] as const;

/**
 * `Retry-After` (RFC 9110 §10.2.3, delay-seconds) on a 429: when the limit or the code lock ends
 * (its `data.retry_after_seconds` too: errors.ts). Exposed to pages of other origins by CORS.
 */
export const retryAfterHeader = 'retry-after';
