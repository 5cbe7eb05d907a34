import { type LatchkeyStorage, storageKeys } from '../storage.ts';

/** The tokens a session holds (WIRE.md §4.3, §5). */
export interface SessionTokens {
  token: string | null;
  privyAccessToken: string | null;
  refreshToken: string | null;
  identityToken: string | null;
}

export const noTokens: SessionTokens = {
  token: null,
  privyAccessToken: null,
  refreshToken: null,
  identityToken: null,
};

/** Where each token is stored, under the incumbent's keys (WIRE.md §1.4). */
const tokenKeys: Record<keyof SessionTokens, string> = {
  token: storageKeys.token,
  privyAccessToken: storageKeys.privyAccessToken,
  refreshToken: storageKeys.refreshToken,
  identityToken: storageKeys.identityToken,
};
const names = Object.keys(tokenKeys) as (keyof SessionTokens)[];

/** The tokens in storage, null for each one that is not there. */
export async function readStoredTokens(storage: LatchkeyStorage): Promise<SessionTokens> {
  const tokens = { ...noTokens };
  await Promise.all(
    names.map(async (name) => {
      tokens[name] = (await storage.get(tokenKeys[name])) ?? null;
    }),
  );
  return tokens;
}

/** Stores `tokens`; the key of each null one is deleted. */
export async function writeStoredTokens(storage: LatchkeyStorage, tokens: SessionTokens): Promise<void> {
  await Promise.all(
    names.map((name) => {
      const value = tokens[name];
      return value === null ? storage.del(tokenKeys[name]) : storage.put(tokenKeys[name], value);
    }),
  );
}

/** Deletes every stored token. */
export const deleteStoredTokens = (storage: LatchkeyStorage): Promise<void> =>
  writeStoredTokens(storage, noTokens);
