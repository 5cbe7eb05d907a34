import type { FrameContext } from './frame-context.ts';
import { FrameError, frameMessages } from './frame-error.ts';
import type { HeldAuthShare } from './held-auth-share.ts';

/** How a kind of secret (an HD entropy, an imported key) is rebuilt from the auth share and wiped. */
export interface SecretKind<S> {
  /** The secret this device's share and `held` rebuild, or null when they do not rebuild the one named. */
  rebuild(held: HeldAuthShare): Promise<S | null>;
  /** The end of an operation: zeroes the secret, unless a cache keeps it for the next one. */
  wipe(secret: S): void;
  /** This device's share no longer combines with the server's (a recovery elsewhere): drop it. */
  dropStale(): void;
}

export interface AuthShareOptions {
  /**
   * Ask the server for the auth share even when the page holds one: connect (the "is this wallet usable
   * on this device" check), export, and anything whose `use` has effects beyond its result.
   */
  fresh?: boolean;
  /** Told to the server, which records it (protocol `ShareReleasePurpose`): `export` shows a key. */
  purpose?: 'export';
}

/**
 * Runs `use` with the secret rebuilt from this device's share and the entropy's auth share, then wipes
 * it (unless `kind` keeps it for later operations: the key cache). A share the page holds is used only
 * if the server confirms the request's session is the one it was released to: the check runs alongside
 * `use`, whose result is dropped unless the check passes, so a logged-out or revoked session stops
 * signing at no extra latency; a confirmation for the same token holds `sessionConfirmationMs`, so a
 * burst of signatures asks once. `use` must therefore have no effect but its result unless `fresh` is
 * set. Without a held share (or with a stale one) the server is asked for it with this device's proof,
 * which checks the session itself. A device share that does not combine with the server's current auth
 * share is dropped: `wallet_not_on_device`.
 */
export async function withAuthShare<S, T>(
  ctx: FrameContext,
  accessToken: string | null,
  entropyId: string,
  kind: SecretKind<S>,
  use: (secret: S) => T | Promise<T>,
  options: AuthShareOptions = {},
): Promise<T> {
  const shares = ctx.authShares;
  const held = options.fresh ? null : shares.cached(entropyId);
  if (held && shares.sessionConfirmed(accessToken, held.sessionId)) {
    const outcome = await runWith(ctx, held, kind, use);
    if (outcome !== null) return outcome.value;
    // The held share no longer combines with this device's (a recovery here): ask the server below.
    shares.forget(entropyId);
  } else if (held) {
    const check = ctx.api.session(accessToken).then(
      (sessionId) => ({ live: sessionId === held.sessionId }),
      (error: unknown) => ({ live: false, error }),
    );
    const outcome = await runWith(ctx, held, kind, use).catch((error: unknown) => ({ error }));
    const verdict = await check;
    if (verdict.live && outcome !== null) {
      confirm(ctx, accessToken, held.sessionId);
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    }
    if ('error' in verdict) {
      // Logged out, revoked: the server's refusal is the answer, and nothing held survives it.
      shares.forgetAll();
      throw verdict.error;
    }
    // Another session (a new login, another user), or shares that no longer combine: ask the server.
    shares.forget(entropyId);
  }
  const fetched = await shares.fetch(ctx.api, accessToken, entropyId, options.purpose);
  const outcome = await runWith(ctx, fetched, kind, use);
  if (outcome === null) {
    shares.forget(entropyId);
    kind.dropStale();
    throw new FrameError('wallet_not_on_device', frameMessages.notOnDevice);
  }
  // Releasing the share checked the session: later requests with this token may rely on it for a while.
  confirm(ctx, accessToken, fetched.sessionId);
  return outcome.value;
}

/**
 * Records the server's word that the session is live, unless the frame holds an MFA token: a user with
 * a factor is checked on every signature, so the server's MFA gate (and the token's expiry, which only
 * the server's clock decides) applies to each one, as before the key cache.
 */
function confirm(ctx: FrameContext, accessToken: string | null, sessionId: string): void {
  if (ctx.api.mfaToken.current() === null) ctx.authShares.confirmSession(accessToken, sessionId);
}

/** `use` on the secret `held` rebuilds, wiped afterwards; null when the shares do not belong together. */
async function runWith<S, T>(
  ctx: FrameContext,
  held: HeldAuthShare,
  kind: SecretKind<S>,
  use: (secret: S) => T | Promise<T>,
): Promise<{ value: T } | null> {
  let secret: S | null = null;
  try {
    secret = await kind.rebuild(held);
    if (secret === null) return null;
    return { value: await use(secret) };
  } finally {
    if (secret !== null) kind.wipe(secret);
    ctx.authShares.release(held);
  }
}
