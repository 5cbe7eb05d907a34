import { toBase64 } from '@latchkey/keys';
import type { FrameContext } from '../frame-context.ts';
import { p1363ToDer } from './ecdsa-der.ts';
import { registerUserSigner } from './server-calls.ts';

/** The frame's key for one session, and until when the server counts it as the user's. */
interface UserSigner {
  sessionId: string;
  privateKey: CryptoKey;
  expiresAt: number;
}

/** Registered a little before the server's end, so a signature never arrives just after it. */
const renewMarginMs = 30_000;

/** One signer per frame (context); replaced for a new session or once it expires. */
const signers = new WeakMap<FrameContext, Promise<UserSigner>>();

/**
 * The user's authorization key for `sessionId`: a P-256 key made in this frame, non-extractable (its
 * private half never exists outside WebCrypto), registered with the server (`frame/user_signer`) as
 * the user's key while the session lives. Concurrent requests share one registration.
 */
async function signerFor(ctx: FrameContext, token: string | null, sessionId: string): Promise<UserSigner> {
  const current = await signers.get(ctx)?.catch(() => null);
  if (current && current.sessionId === sessionId && Date.now() < current.expiresAt - renewMarginMs)
    return current;
  const making = register(ctx, token, sessionId);
  signers.set(ctx, making);
  making.catch(() => {
    if (signers.get(ctx) === making) signers.delete(ctx);
  });
  return making;
}

async function register(ctx: FrameContext, token: string | null, sessionId: string): Promise<UserSigner> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const { expires_at } = await registerUserSigner(ctx.api, token, toBase64(spki));
  return { sessionId, privateKey: pair.privateKey, expiresAt: expires_at };
}

/** Drops the session's key (a lock, on logout): the next signature registers a new one. */
export function forgetUserSigner(ctx: FrameContext): void {
  signers.delete(ctx);
}

/** Signs `payload` with the session's key: base64 of the DER ECDSA-P256-SHA256 signature. */
export async function signAsUser(
  ctx: FrameContext,
  token: string | null,
  payload: Uint8Array,
): Promise<string> {
  // The session the request's token (or cookie) is in: a new login gets a new key.
  const sessionId = await ctx.api.session(token);
  const signer = await signerFor(ctx, token, sessionId);
  const raw = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    signer.privateKey,
    payload as Uint8Array<ArrayBuffer>,
  );
  return toBase64(p1363ToDer(new Uint8Array(raw)));
}
