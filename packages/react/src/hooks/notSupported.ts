// From core's first-load entry, not its barrel (core/src/client.ts says why).
import { LatchkeyClientError } from '@latchkey/core/client';

/**
 * What a member of the incumbent's API rejects (or throws, when it returns nothing) with for a
 * feature Latchkey has not built: code `not_supported`, the server's code for the same, and what to
 * do instead.
 */
export function notSupported(feature: string, instead: string): LatchkeyClientError {
  return new LatchkeyClientError('not_supported', `${feature} is not supported by Latchkey: ${instead}`);
}

/** Twitch and cross-app (`privy:`) providers, which Latchkey's OAuth does not serve. */
export function unsupportedProvider(provider: string): LatchkeyClientError | undefined {
  if (provider === 'twitch') return notSupported('Twitch accounts', 'offer another login method');
  if (provider.startsWith('privy:')) {
    return notSupported('Cross-app accounts', 'log in with the provider app’s own login methods');
  }
  return undefined;
}
