import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.ts';
import { deleteStoredTokens, noTokens, readStoredTokens, writeStoredTokens } from './stored-tokens.ts';

/** Storage that records what it holds, so the test sees the incumbent's keys themselves. */
function recordingStorage() {
  const inner = memoryStorage();
  const keys = new Set<string>();
  return {
    keys,
    storage: {
      get: inner.get,
      put: (key: string, value: string) => {
        keys.add(key);
        return inner.put(key, value);
      },
      del: (key: string) => {
        keys.delete(key);
        return inner.del(key);
      },
    },
  };
}

describe('stored tokens', () => {
  it('round-trip under the incumbent’s keys; a null token deletes its key; delete wipes them all', async () => {
    const { keys, storage } = recordingStorage();
    expect(await readStoredTokens(storage)).toEqual(noTokens);

    const tokens = { token: 'a', privyAccessToken: 'p', refreshToken: 'r', identityToken: 'i' };
    await writeStoredTokens(storage, tokens);
    expect(await readStoredTokens(storage)).toEqual(tokens);
    expect([...keys].sort()).toEqual(['privy:id_token', 'privy:pat', 'privy:refresh_token', 'privy:token']);

    await writeStoredTokens(storage, { ...tokens, refreshToken: null, privyAccessToken: null });
    expect(await readStoredTokens(storage)).toEqual({ ...noTokens, token: 'a', identityToken: 'i' });
    expect([...keys].sort()).toEqual(['privy:id_token', 'privy:token']);

    await deleteStoredTokens(storage);
    expect(await readStoredTokens(storage)).toEqual(noTokens);
    expect(keys.size).toBe(0);
  });
});
