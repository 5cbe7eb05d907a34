import type { ServerContext } from '../context.ts';

/** What a Farcaster account shows beside its fid (the account's detail fields, WIRE.md §4.2). */
export interface FarcasterProfile {
  username?: string;
  display_name?: string;
  bio?: string;
  profile_picture_url?: string;
  homepage_url?: string;
}

/** The hub's user data types, and the profile field each fills. */
const hubFields: Record<string, keyof FarcasterProfile> = {
  USER_DATA_TYPE_USERNAME: 'username',
  USER_DATA_TYPE_DISPLAY: 'display_name',
  USER_DATA_TYPE_BIO: 'bio',
  USER_DATA_TYPE_PFP: 'profile_picture_url',
  USER_DATA_TYPE_URL: 'homepage_url',
};

/** Profile text is shown, not trusted: bounded, and only strings. */
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && !value.includes('\u0000')
    ? value.slice(0, 1024)
    : undefined;

/** The profile a channel's completion carried (the Farcaster app's word for it). */
export function profileFromCompletion(completion: {
  username?: string | undefined;
  displayName?: string | undefined;
  bio?: string | undefined;
  pfpUrl?: string | undefined;
}): FarcasterProfile {
  const profile: FarcasterProfile = {};
  const set = (field: keyof FarcasterProfile, value: unknown) => {
    const v = text(value);
    if (v !== undefined) profile[field] = v;
  };
  set('username', completion.username);
  set('display_name', completion.displayName);
  set('bio', completion.bio);
  set('profile_picture_url', completion.pfpUrl);
  return profile;
}

/**
 * The fid's profile from a hub (`GET {hub}/v1/userDataByFid?fid=`), or null when the hub cannot be
 * read (logged): a login does not fail for want of a display name.
 */
export async function hubProfile(
  ctx: ServerContext,
  hubUrl: string,
  fid: number,
): Promise<FarcasterProfile | null> {
  try {
    const response = await fetch(`${hubUrl}/v1/userDataByFid?fid=${fid}`, {
      signal: AbortSignal.timeout(5000),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { messages?: unknown };
    const profile: FarcasterProfile = {};
    for (const message of Array.isArray(body.messages) ? body.messages : []) {
      const data = (
        message as { data?: { fid?: unknown; userDataBody?: { type?: unknown; value?: unknown } } }
      ).data;
      if (data?.fid !== undefined && Number(data.fid) !== fid) continue;
      const field = hubFields[String(data?.userDataBody?.type)];
      const value = text(data?.userDataBody?.value);
      if (field && value !== undefined) profile[field] = value;
    }
    return profile;
  } catch (error) {
    ctx.log.error('farcaster hub read failed', { fid, error: (error as Error).message });
    return null;
  }
}
