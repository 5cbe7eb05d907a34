import { z } from 'zod';
import { boundedString, loginMode } from '../http/body.ts';
import { transferNonceInput } from '../login/transfer-nonces.ts';

/** An fid: a positive whole number (the registries' uint256, in practice far below 2^53). */
export const fid = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Looked up, never parsed: any bounded text is a token the server does not know. */
export const channelToken = boundedString(100);
export const message = boundedString(4096);
// EIP-6492 signatures wrap the factory call: room beyond a 65-byte ECDSA signature.
export const signature = boundedString(32 * 1024);
const profileText = boundedString(1024).optional();

export const initBody = z.object({
  token: boundedString(2048).optional(),
  redirect_url: boundedString(2048).optional(),
  relying_party: boundedString(2048).optional(),
});

export const linkBody = z.object({ channel_token: channelToken, message, signature, fid });
export const authenticateBody = linkBody.extend({ mode: loginMode });
export const unlinkBody = z.object({ fid });
/**
 * The fid of a transfer: a number, or its decimal digits as the incumbent's client sends it (the
 * refusal's `subject`, a string); nothing else reads as a number (no `1e3`, `-1`, `0x10`).
 */
const transferFid = z.union([
  fid,
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number)
    .pipe(fid),
]);
export const transferBody = z.object({
  farcaster_id: transferFid,
  // The incumbent's client may leave it out (it reads `otherUser.farcasterEmbeddedAddress`, which this
  // server never answers); the transfer does not use it.
  farcaster_embedded_address: boundedString(100).optional(),
  nonce: transferNonceInput,
});

export const v2InitBody = z.object({});
export const v2AuthenticateBody = z.object({ fid, message, signature, mode: loginMode });

/** The relay's channel parameters, as the reference relay takes them. */
export const relayChannelBody = z.object({
  siweUri: boundedString(2048),
  domain: boundedString(255),
  nonce: boundedString(100).optional(),
  notBefore: boundedString(100).optional(),
  expirationTime: boundedString(100).optional(),
  requestId: boundedString(255).optional(),
  redirectUrl: boundedString(2048).optional(),
  acceptAuthAddress: z.boolean().optional(),
});

export const relayAuthenticateBody = z.object({
  message,
  signature,
  fid,
  authMethod: z.enum(['custody', 'authAddress']).optional(),
  username: profileText,
  displayName: profileText,
  bio: profileText,
  pfpUrl: profileText,
});
