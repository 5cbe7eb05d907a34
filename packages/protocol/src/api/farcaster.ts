import type { LoginMode } from '../login-methods.ts';
import type { EmptyRequest, LoginTypes, UserChangeTypes } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Farcaster login (WIRE.md §3.6): Sign In With Farcaster (FIP-11), an EIP-4361 message with the
 * statement `Farcaster Auth`, `Chain ID: 10` and one `farcaster://fid/<fid>` resource, signed by the
 * fid's custody address or one of its auth addresses.
 * - v1 (a QR code or a link to the Farcaster app): `/farcaster/init` opens a relay channel, the
 *   Farcaster app completes it, `/farcaster/status` (channel token in the `farcaster-channel-token`
 *   header, headers.ts) polls it, `/farcaster/authenticate` logs in with what it carried.
 * - v2 (inside a Farcaster Mini App): `/api/v2/farcaster/init` issues a nonce the host signs in
 *   with (`sdk.actions.signIn`), `/api/v2/farcaster/authenticate` logs in with the result.
 * - The relay: the three routes of the Farcaster auth relay (its channel protocol), embedded in the
 *   server under `/farcaster-relay`: the Farcaster app (or a stand-in) completes channels there.
 */

export interface FarcasterLinkRequest {
  channel_token: string;
  message: string;
  signature: string;
  fid: number;
}

export type FarcasterStatus =
  | { state: 'pending'; nonce: string }
  | {
      state: 'completed';
      nonce: string;
      message: string;
      signature: string;
      fid: number;
      username: string;
      display_name: string;
      bio: string;
      pfp_url: string;
    };

/** What a Mini App's host signed (`sdk.actions.signIn`), for the v2 login. */
export interface FarcasterV2AuthenticateRequest {
  fid: number;
  message: string;
  signature: string;
  mode?: LoginMode;
}

const farcasterTable = {
  farcasterInit: { method: 'POST', path: '/api/v1/farcaster/init' },
  farcasterStatus: { method: 'GET', path: '/api/v1/farcaster/status' },
  farcasterAuthenticate: { method: 'POST', path: '/api/v1/farcaster/authenticate' },
  farcasterLink: { method: 'POST', path: '/api/v1/farcaster/link' },
  farcasterUnlink: { method: 'POST', path: '/api/v1/farcaster/unlink' },
  farcasterTransfer: { method: 'POST', path: '/api/v1/farcaster/transfer' },
} as const;

export const farcasterApi: TypedRoutes<
  typeof farcasterTable,
  {
    farcasterInit: {
      request: { token?: string; redirect_url?: string; relying_party?: string };
      response: { channel_token: string; connect_uri: string };
    };
    farcasterStatus: { request: undefined; response: FarcasterStatus };
    farcasterAuthenticate: LoginTypes<FarcasterLinkRequest & { mode?: LoginMode }>;
    farcasterLink: UserChangeTypes<FarcasterLinkRequest>;
    farcasterUnlink: UserChangeTypes<{ fid: number }>;
    farcasterTransfer: UserChangeTypes<{
      /** A number, or its decimal digits (the incumbent's client sends the refusal's `subject`). */
      farcaster_id: number | string;
      farcaster_embedded_address?: string;
      nonce: string;
    }>;
  }
> = farcasterTable;

const farcasterV2Table = {
  farcasterV2Init: { method: 'POST', path: '/api/v2/farcaster/init' },
  farcasterV2Authenticate: { method: 'POST', path: '/api/v2/farcaster/authenticate' },
} as const;

export const farcasterV2Api: TypedRoutes<
  typeof farcasterV2Table,
  {
    /** `expires_at`: ISO 8601. */
    farcasterV2Init: { request: EmptyRequest; response: { nonce: string; expires_at: string } };
    farcasterV2Authenticate: LoginTypes<FarcasterV2AuthenticateRequest>;
  }
> = farcasterV2Table;

/**
 * A Farcaster signer: an Ed25519 key the user's wallet frame holds, which the user adds to their fid
 * through a signed key request from the app's own Farcaster account (REFERENCES §2.4). While the
 * user has not approved it, `signer_approval_url` is the link (or QR) that opens the request in the
 * Farcaster app; once approved or revoked, `fid` is the user's. `public_key`: `0x` + 64 hex digits.
 */
export type FarcasterSigner =
  | { status: 'pending_approval'; public_key: string; signer_approval_url?: string }
  | { status: 'approved' | 'revoked'; public_key: string; fid: number };

export type FarcasterSignerStatusName = FarcasterSigner['status'];

const farcasterSignerTable = {
  farcasterSignerInit: { method: 'POST', path: '/api/v1/farcaster/signer/init' },
  farcasterSignerStatus: { method: 'POST', path: '/api/v1/farcaster/signer/status' },
} as const;

/**
 * The signer routes (WIRE.md §3.6): `init` asks the Farcaster app to add the key (a pending
 * request carries its approval URL; one already settled answers its status), `status` reads where
 * it stands (without the URL). `deadline`: Unix seconds the request is good until, default an hour.
 */
export const farcasterSignerApi: TypedRoutes<
  typeof farcasterSignerTable,
  {
    farcasterSignerInit: {
      request: { ed25519_public_key: string; deadline?: number };
      response: FarcasterSigner;
    };
    farcasterSignerStatus: { request: { ed25519_public_key: string }; response: FarcasterSigner };
  }
> = farcasterSignerTable;

/**
 * The app's own Farcaster account, which signs every signed key request its users approve: its fid
 * and the custody address of the key the server holds (sealed at rest; never shown). Null fields:
 * none set.
 */
export interface FarcasterAppIdentity {
  fid: number | null;
  custody_address: string | null;
}

/** Sets the app's Farcaster identity: its fid and its custody account's private key (`0x` + 64 hex). */
export interface FarcasterAppIdentityRequest {
  fid: number;
  custody_private_key: string;
}

const farcasterAdminTable = {
  adminFarcasterIdentityGet: { method: 'GET', path: '/admin/v1/apps/:id/farcaster_identity' },
  adminFarcasterIdentitySet: { method: 'PUT', path: '/admin/v1/apps/:id/farcaster_identity' },
  adminFarcasterIdentityDelete: { method: 'DELETE', path: '/admin/v1/apps/:id/farcaster_identity' },
} as const;

/**
 * The app's Farcaster identity in the admin API (docs/farcaster.md, "Farcaster signer"): read, set
 * (the key is checked against the fid's custody on the IdRegistry when the server can read it), and
 * clear. Never answers the key.
 */
export const farcasterAdminApi: TypedRoutes<
  typeof farcasterAdminTable,
  {
    adminFarcasterIdentityGet: { request: undefined; response: FarcasterAppIdentity };
    adminFarcasterIdentitySet: { request: FarcasterAppIdentityRequest; response: FarcasterAppIdentity };
    adminFarcasterIdentityDelete: { request: undefined; response: FarcasterAppIdentity };
  }
> = farcasterAdminTable;

/** The relay's channel parameters (`POST /v1/channel`), as the reference relay names them. */
export interface RelayChannelRequest {
  siweUri: string;
  domain: string;
  nonce?: string;
  notBefore?: string;
  expirationTime?: string;
  requestId?: string;
  redirectUrl?: string;
  acceptAuthAddress?: boolean;
}

/** What the Farcaster app sends the relay once the user signed (`POST /v1/channel/authenticate`). */
export interface RelayAuthenticateRequest {
  message: string;
  signature: string;
  fid: number;
  authMethod?: 'custody' | 'authAddress';
  username?: string;
  displayName?: string;
  bio?: string;
  pfpUrl?: string;
}

/**
 * What the Farcaster app signs for a channel (the reference relay's `signatureParams`): the
 * message's domain and `URI:` line, the channel's nonce, and the optional times and request id.
 */
export interface RelaySignatureParams {
  siweUri: string;
  domain: string;
  nonce: string;
  notBefore?: string;
  expirationTime?: string;
  requestId?: string;
  redirectUrl?: string;
}

/** What every read of a channel carries: its nonce, connect URI (`url`) and sign-in parameters. */
interface RelayChannelBase {
  nonce: string;
  url: string;
  signatureParams: RelaySignatureParams;
  acceptAuthAddress: boolean;
}

/**
 * A relay channel (`GET /v1/channel/status`): 202 while pending, 200 once, when completed. The
 * Farcaster app builds the message it signs from `signatureParams` (auth-client's `status`).
 */
export type RelayChannelStatus =
  | ({ state: 'pending' } & RelayChannelBase)
  | ({ state: 'completed' } & RelayChannelBase & RelayAuthenticateRequest);

/** The channel token (`Authorization: Bearer`) and the relay key header of the relay's routes. */
export const farcasterRelayHeaders = { relayKey: 'x-farcaster-auth-relay-key' } as const;

const farcasterRelayTable = {
  relayChannelCreate: { method: 'POST', path: '/farcaster-relay/v1/channel' },
  relayChannelAuthenticate: { method: 'POST', path: '/farcaster-relay/v1/channel/authenticate' },
  relayChannelStatus: { method: 'GET', path: '/farcaster-relay/v1/channel/status' },
} as const;

export const farcasterRelayApi: TypedRoutes<
  typeof farcasterRelayTable,
  {
    relayChannelCreate: {
      request: RelayChannelRequest;
      response: { channelToken: string; url: string; connectUri: string; nonce: string };
    };
    relayChannelAuthenticate: { request: RelayAuthenticateRequest; response: RelayChannelStatus };
    relayChannelStatus: { request: undefined; response: RelayChannelStatus };
  }
> = farcasterRelayTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const farcasterReference: ReferenceArea = {
  name: 'Farcaster',
  description:
    'Login and linking with Sign In With Farcaster: a relay channel the Farcaster app completes (v1), or a Mini App host (v2); the embedded relay; and Farcaster signers, keys a user adds to their fid through a signed key request from the app (WIRE.md §3.6, docs/farcaster.md).',
  tables: [
    [farcasterApi, 'user', { farcasterInit: 'app', farcasterStatus: 'app', farcasterAuthenticate: 'app' }],
    [farcasterV2Api, 'app'],
    [farcasterRelayApi, 'public'],
    [farcasterSignerApi, 'user'],
    [farcasterAdminApi, 'admin'],
  ],
  summaries: {
    farcasterInit: 'Open a relay channel for a Farcaster login',
    farcasterStatus: 'Poll a Farcaster login channel',
    farcasterV2Init: 'Issue a nonce for a Mini App sign-in',
    farcasterV2Authenticate: 'Log in with a Mini App sign-in',
    relayChannelCreate: 'Open a relay channel (the relay protocol)',
    relayChannelAuthenticate: 'Complete a channel: the Farcaster app, with the relay key',
    relayChannelStatus: 'Read a channel: pending (202), or completed (200, once)',
    farcasterSignerInit:
      "Ask the user's Farcaster app to add a signer key (a signed key request from the app's fid); a settled key answers its status",
    farcasterSignerStatus: 'Read whether a signer key is pending approval, approved or revoked',
    adminFarcasterIdentityGet: "Read the app's Farcaster identity (its fid and custody address)",
    adminFarcasterIdentitySet: "Set the app's Farcaster identity: its fid and custody key (sealed)",
    adminFarcasterIdentityDelete: "Clear the app's Farcaster identity",
  },
};
