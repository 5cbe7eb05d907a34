import type { HeldAuthShare } from './auth-shares.ts';
import type { FrameContext } from './frame-context.ts';
import { FrameError, frameMessages } from './frame-error.ts';

/** How a kind of secret (an HD entropy, an imported key) is rebuilt from the auth share and wiped. */
export interface SecretKind<S> {
  /** The secret this device's share and `held` rebuild, or null when they do not rebuild the one named. */
  rebuild(held: HeldAuthShare): Promise<S | null>;
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
 * it. A share the page holds is used only if the server confirms the request's session is the one it
 * was released to: the check runs alongside `use`, whose result is dropped unless the check passes, so
 * a logged-out or revoked session stops signing at once at no extra latency. `use` must therefore have
 * no effect but its result unless `fresh` is set. Without a held share (or with a stale one) the server
 * is asked for it with this device's proof, which checks the session itself. A device share that does
 * not combine with the server's current auth share is dropped: `wallet_not_on_device`.
 */
export async function withAuthShare<S, T>(
  ctx: FrameContext,
  accessToken: string | null,
  entropyId: string,
  kind: SecretKind<S>,
  use: (secret: S) => T | Promise<T>,
  options: AuthShareOptions = {},
): Promise<T> {
  const held = options.fresh ? null : ctx.authShares.cached(entropyId);
  if (held) {
    const check = ctx.api.session(accessToken).then(
      (sessionId) => ({ live: sessionId === held.sessionId }),
      (error: unknown) => ({ live: false, error }),
    );
    const outcome = await runWith(ctx, held, kind, use).catch((error: unknown) => ({ error }));
    const verdict = await check;
    if (verdict.live && outcome !== null) {
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    }
    ctx.authShares.forget(entropyId);
    // Logged out, revoked, another user: the server's refusal is the answer.
    if ('error' in verdict) throw verdict.error;
  }
  const fetched = await ctx.authShares.fetch(ctx.api, accessToken, entropyId, options.purpose);
  const outcome = await runWith(ctx, fetched, kind, use);
  if (outcome === null) {
    ctx.authShares.forget(entropyId);
    kind.dropStale();
    throw new FrameError('wallet_not_on_device', frameMessages.notOnDevice);
  }
  return outcome.value;
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
