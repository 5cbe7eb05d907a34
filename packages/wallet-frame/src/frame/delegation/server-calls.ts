import {
  type DelegationInitReply,
  type DelegationUpload,
  delegationFrameRoutes,
  type UserSignerReply,
} from '@latchkey/protocol';
import { FrameError } from '../frame-error.ts';
import type { ServerApi } from '../server-api.ts';

/** Delegated actions' frame routes (protocol api/delegated-actions.ts), sent as every frame call is. */

/** A one-time HPKE key of the server's for one consent: the delegated wallets' keys are sealed to it. */
export async function delegationInit(
  api: ServerApi,
  accessToken: string | null,
): Promise<DelegationInitReply> {
  const reply: Partial<DelegationInitReply> = await api.call(
    delegationFrameRoutes.frameDelegationInit,
    accessToken,
    {},
  );
  if (reply.encryption_type !== 'HPKE' || typeof reply.encryption_public_key !== 'string')
    throw new FrameError('error', 'Unexpected server reply.');
  return reply as DelegationInitReply;
}

/** The sealed keys of the wallets the user delegates. */
export function delegate(
  api: ServerApi,
  accessToken: string | null,
  body: DelegationUpload,
): Promise<unknown> {
  return api.call(delegationFrameRoutes.frameDelegate, accessToken, body);
}

/** Registers the frame's P-256 key (base64 SPKI) as the user's authorization key for this session. */
export async function registerUserSigner(
  api: ServerApi,
  accessToken: string | null,
  publicKey: string,
): Promise<UserSignerReply> {
  const reply: Partial<UserSignerReply> = await api.call(delegationFrameRoutes.frameUserSigner, accessToken, {
    public_key: publicKey,
  });
  if (typeof reply.expires_at !== 'number') throw new FrameError('error', 'Unexpected server reply.');
  return reply as UserSignerReply;
}
