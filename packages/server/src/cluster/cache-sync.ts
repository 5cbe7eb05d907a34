import type { AppCache } from '../app-config/app-cache.ts';
import type { SigningKeys } from '../crypto/signing-keys.ts';
import { channel, type ForgetMessage, isForget, type SharedCache } from './messages.ts';

/**
 * In a worker of `latchkey serve --workers N`: when this worker forgets a cached app or signing key
 * set (it changed it), every other worker on the machine forgets its copy too, through the
 * primary, instead of serving the old one for the cache's lifetime (2 s for apps, 60 s for signing
 * keys: what other machines still see). The cache's own `forget` is wrapped, so the code that
 * changes apps and keys stays unaware of workers; a forget that arrives from another worker calls
 * the unwrapped one and is not passed on again.
 */
export function shareCacheInvalidations(caches: { apps: AppCache; signingKeys: SigningKeys }): void {
  const shared: [SharedCache, AppCache | SigningKeys][] = [
    ['apps', caches.apps],
    ['signing-keys', caches.signingKeys],
  ];
  for (const [name, cache] of shared) {
    const forgetHere = cache.forget.bind(cache);
    cache.forget = (id: string) => {
      forgetHere(id);
      if (process.connected)
        process.send!({ channel, type: 'forget', cache: name, id } satisfies ForgetMessage);
    };
    process.on('message', (message: unknown) => {
      if (isForget(message) && message.cache === name) forgetHere(message.id);
    });
  }
}
