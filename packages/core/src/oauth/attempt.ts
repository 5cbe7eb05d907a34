import { isOAuthProviderName, type LoginMode, type OAuthProviderName } from '@latchkey/protocol';
import type { FlowContext } from '../flows/context.ts';
import { storageKeys } from '../storage.ts';

/**
 * What an OAuth attempt that leaves the page for the provider is for, kept until the user comes
 * back: a login or a link, and whether the modal or the app's own UI (a headless hook) shows it.
 */
export interface OAuthAttempt {
  provider: OAuthProviderName;
  intent: 'login' | 'link';
  ui: 'modal' | 'headless';
  mode?: LoginMode | undefined;
}

export async function saveOAuthAttempt(ctx: FlowContext, attempt: OAuthAttempt): Promise<void> {
  await ctx.storage.put(storageKeys.oauthAttempt(ctx.appId), JSON.stringify(attempt));
}

/** The attempt the user came back from, once: read and removed (null when none or unreadable). */
export async function takeOAuthAttempt(ctx: FlowContext): Promise<OAuthAttempt | null> {
  const key = storageKeys.oauthAttempt(ctx.appId);
  let raw: string | null = null;
  try {
    raw = await ctx.storage.get(key);
    await ctx.storage.del(key);
  } catch {
    // A blocked storage keeps no record: the return is completed without one.
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<OAuthAttempt>;
    if (typeof value.provider !== 'string' || !isOAuthProviderName(value.provider)) return null;
    return {
      provider: value.provider,
      intent: value.intent === 'link' ? 'link' : 'login',
      ui: value.ui === 'headless' ? 'headless' : 'modal',
      mode: value.mode === 'no-signup' ? 'no-signup' : undefined,
    };
  } catch {
    return null;
  }
}
