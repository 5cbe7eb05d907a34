import type { LinkedAccount, User } from '@latchkey/protocol';
import { InvalidTokenError } from '../errors.ts';

/**
 * The user an identity token describes: what its claims carry (WIRE.md §5.2), in the users API's
 * shapes. It has no `mfa_methods` or `has_accepted_terms`: fetch the user for those.
 */
export type IdentityTokenUser = Pick<User, 'id' | 'created_at' | 'is_guest' | 'linked_accounts'> & {
  custom_metadata?: User['custom_metadata'];
};

const invalid = (what: string) => new InvalidTokenError('claims', `Malformed identity token claim: ${what}.`);

function parseJsonClaim(value: unknown, name: string): unknown {
  if (typeof value !== 'string') throw invalid(name);
  try {
    return JSON.parse(value);
  } catch {
    throw invalid(name);
  }
}

/** A Twitter `pfp` is a full https URL, or the tail of an image path (WIRE.md §5.2). */
function twitterPicture(pfp: unknown): string | null {
  if (typeof pfp !== 'string' || pfp === '') return null;
  if (pfp.startsWith('https://')) return pfp;
  if (pfp.startsWith('default')) return `https://abs.twimg.com/sticky/default_profile_images/${pfp}`;
  return `https://pbs.twimg.com/profile_images/${pfp}`;
}

/** One compact account of the `linked_accounts` claim as a linked account of the users API (§4.2). */
export function fromCompactAccount(compact: unknown): LinkedAccount {
  if (typeof compact !== 'object' || compact === null || Array.isArray(compact))
    throw invalid('linked_accounts');
  const { type, lv, ...fields } = compact as Record<string, unknown>;
  if (typeof type !== 'string') throw invalid('linked_accounts');
  const latest = typeof lv === 'number' ? lv : null;
  const times = { verified_at: latest ?? 0, first_verified_at: null, latest_verified_at: latest };
  switch (type) {
    case 'phone': {
      const { phone_number, ...rest } = fields;
      return {
        type,
        ...rest,
        phoneNumber: String(phone_number ?? ''),
        number: String(phone_number ?? ''),
        ...times,
      };
    }
    case 'wallet':
      return { type, ...fields, id: fields.id ?? null, ...times };
    case 'farcaster': {
      const { oa, ...rest } = fields;
      return { type, ...rest, owner_address: oa ?? null, ...times };
    }
    default: {
      const { pfp, ...rest } = fields;
      if (pfp === undefined) return { type, ...rest, ...times } as LinkedAccount;
      const picture = type === 'twitter_oauth' ? twitterPicture(pfp) : typeof pfp === 'string' ? pfp : null;
      return { type, ...rest, profile_picture_url: picture, ...times } as LinkedAccount;
    }
  }
}

/** The user from an identity token's verified claims. */
export function identityTokenUser(payload: Record<string, unknown>): IdentityTokenUser {
  const { sub, cr, guest, linked_accounts: linked, custom_metadata: metadata } = payload;
  if (typeof sub !== 'string' || sub === '') throw invalid('sub');
  const createdAt = typeof cr === 'string' && /^\d{1,15}$/.test(cr) ? Number(cr) : Number.NaN;
  if (!Number.isSafeInteger(createdAt)) throw invalid('cr');
  if (guest !== 't' && guest !== 'f') throw invalid('guest');
  const accounts = parseJsonClaim(linked, 'linked_accounts');
  if (!Array.isArray(accounts)) throw invalid('linked_accounts');
  const user: IdentityTokenUser = {
    id: sub,
    created_at: createdAt,
    is_guest: guest === 't',
    linked_accounts: accounts.map(fromCompactAccount),
  };
  if (metadata !== undefined) {
    const parsed = parseJsonClaim(metadata, 'custom_metadata');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw invalid('custom_metadata');
    user.custom_metadata = parsed as NonNullable<User['custom_metadata']>;
  }
  return user;
}
