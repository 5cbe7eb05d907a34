/**
 * The tables of the Farcaster feature, created by its migration `0024_farcaster` (migrations.ts)
 * and merged into `Database` here. In the database rather than in memory so that every replica of
 * a clustered server sees a channel whichever one opened it. Farcaster accounts themselves are
 * linked accounts (`type = 'farcaster'`, identifier = the decimal fid).
 */
declare module '../storage/schema.ts' {
  interface Database {
    farcaster_channels: FarcasterChannelsTable;
    farcaster_nonces: FarcasterNoncesTable;
    farcaster_signer_requests: FarcasterSignerRequestsTable;
  }
}

/** A relay channel (channels.ts): a sign-in the Farcaster app completes, until read and spent. */
export interface FarcasterChannelsTable {
  /** The channel token: the bearer credential of the channel's status. */
  token: string;
  /** The app that opened it; null for a channel opened through the relay's own route. */
  app_id: string | null;
  /** The nonce the SIWF message must carry. */
  nonce: string;
  /** The domain (host[:port]) and URI the sign-in is asked for. */
  domain: string;
  siwe_uri: string;
  /** JSON: the other sign-in parameters given (notBefore, expirationTime, requestId, redirectUrl). */
  params: string;
  /** 1: an auth address may sign for the fid, not only its custody address. */
  accept_auth_address: number;
  /** `pending` until the Farcaster app completes it, `completed`, then `delivered` once read. */
  state: 'pending' | 'completed' | 'delivered';
  /** JSON: what the Farcaster app sent (message, signature, fid, profile). */
  completion: string | null;
  created_at: number;
  expires_at: number;
}

/** A v2 (Mini App) sign-in nonce, until used or expired. */
export interface FarcasterNoncesTable {
  nonce: string;
  app_id: string;
  expires_at: number;
}

/**
 * A Farcaster signer's signed key request (signers.ts, migration `0025_farcaster_signer_requests`):
 * one per public key in an app, so a key belongs to one user of the app. Whether the user approved
 * it is read from the KeyRegistry, not from here: `status` is the last answer given, kept for the
 * account's `signer_public_key` at login.
 */
export interface FarcasterSignerRequestsTable {
  app_id: string;
  /** The Ed25519 public key, `0x` + 64 lower-case hex digits. */
  public_key: string;
  user_id: string;
  /** The user's fid the key is to be added to (their Farcaster account's, when asked). */
  user_fid: number;
  /** The app's fid that signed the request. */
  request_fid: number;
  /**
   * Warpcast's token of the request, and the link that opens it in the Farcaster app; empty when the
   * fid already held the key when it was first asked for (no request was made).
   */
  token: string;
  deeplink_url: string;
  /** Unix seconds: the request is void after it (an unapproved one is made anew). */
  deadline: number;
  status: 'pending_approval' | 'approved' | 'revoked';
  created_at: number;
  updated_at: number;
}
