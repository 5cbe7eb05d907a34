import { chainTypes, oauthProviderOf, usersApiLimits } from '@latchkey/protocol';
import { z } from 'zod';
import type { AccountType, VerifiedIdentity } from '../accounts/account-record.ts';
import { normalisePhone } from '../codes/phone-number.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import { walletIdentity } from '../login/wallet-accounts.ts';
import { parseEthereumAddress, parseSolanaAddress } from '../wallets/addresses.ts';
import { emailIdentifier, fidIdentifier, telegramIdIdentifier } from './identifiers.ts';

/*
 * The linked accounts an import names (WIRE.md §7.2; `@privy-io/node`'s `LinkedAccountInput`),
 * turned into the identities login would have stored for them: the same identifiers and
 * details, so the user logs in with them later as if they had signed up.
 */

const id = boundedString(256).min(1);
const profile = boundedString(512).nullish();
const url = boundedString(2048).nullish();

const schemas = {
  email: z.object({ address: boundedString(320) }),
  phone: z.object({ number: boundedString(64) }),
  wallet: z.object({ address: boundedString(100), chain_type: z.enum(chainTypes) }),
  custom_auth: z.object({ custom_user_id: id }),
  farcaster: z.object({
    fid: z.number(),
    owner_address: boundedString(100),
    username: profile,
    display_name: profile,
    bio: profile,
    profile_picture_url: url,
    homepage_url: url,
  }),
  telegram: z.object({
    telegram_user_id: z.union([boundedString(32), z.number()]),
    first_name: profile,
    last_name: profile,
    username: profile,
    photo_url: url,
  }),
  oauth: z.object({
    subject: id,
    username: profile,
    name: profile,
    email: profile,
    profile_picture_url: url,
    vanity_name: profile,
  }),
};

/** The fields given, without the absent and null ones. */
const present = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null));

function parseWith<T extends z.ZodType>(schema: T, raw: unknown, at: string): z.infer<T> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ApiError(
    'invalid_data',
    `Invalid ${at}.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
  );
}

/** One linked-account input as the identity it imports; `at` names it in errors (`linked_accounts.0`). */
export function importIdentity(raw: unknown, at: string): VerifiedIdentity {
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  if (typeof type !== 'string') throw new ApiError('invalid_data', `Invalid ${at}.type: Required`);
  switch (type) {
    case 'email':
      return {
        type,
        identifier: emailIdentifier(parseWith(schemas.email, raw, at).address, `${at}.address`),
      };
    case 'phone': {
      const number = normalisePhone(parseWith(schemas.phone, raw, at).number);
      return { type, identifier: number.e164, details: { display: number.display } };
    }
    case 'wallet': {
      const input = parseWith(schemas.wallet, raw, at);
      const address =
        input.chain_type === 'ethereum'
          ? parseEthereumAddress(input.address)
          : parseSolanaAddress(input.address);
      return walletIdentity(address, { chainId: null });
    }
    case 'custom_auth':
      return { type, identifier: parseWith(schemas.custom_auth, raw, at).custom_user_id };
    case 'farcaster': {
      const { fid, owner_address, profile_picture_url, ...rest } = parseWith(schemas.farcaster, raw, at);
      return {
        type,
        identifier: fidIdentifier(fid),
        details: present({
          owner_address: parseEthereumAddress(owner_address).display,
          profile_picture: profile_picture_url,
          profile_picture_url,
          ...rest,
        }),
      };
    }
    case 'telegram': {
      const { telegram_user_id, ...rest } = parseWith(schemas.telegram, raw, at);
      return { type, identifier: telegramIdIdentifier(telegram_user_id), details: present(rest) };
    }
    case 'passkey':
      // A passkey verifies against the relying party it was made for, which the input does not name.
      throw new ApiError('not_supported', 'Importing passkeys is not supported.');
    default: {
      if (!oauthProviderOf(type))
        throw new ApiError('invalid_data', `Invalid ${at}.type: ${type.slice(0, 64)}`);
      const { subject, ...rest } = parseWith(schemas.oauth, raw, at);
      return { type: type as AccountType, identifier: subject, details: present(rest) };
    }
  }
}

/** Types a user may hold several of; of the others, one each (as login and linking allow). */
const several = new Set<AccountType>(['wallet']);

/**
 * The identities of an import's `linked_accounts`: 1 to 20, no identity twice, and at most one of
 * each type but wallets.
 */
export function importIdentities(raw: unknown[]): VerifiedIdentity[] {
  if (raw.length === 0) throw new ApiError('invalid_data', 'Invalid linked_accounts: at least one account.');
  if (raw.length > usersApiLimits.importMaxAccounts)
    throw new ApiError(
      'invalid_data',
      `Invalid linked_accounts: at most ${usersApiLimits.importMaxAccounts} accounts per user.`,
    );
  const identities = raw.map((account, i) => importIdentity(account, `linked_accounts.${i}`));
  const seen = new Set<string>();
  const types = new Set<string>();
  for (const identity of identities) {
    const key = `${identity.type}\u0000${identity.identifier}`;
    if (seen.has(key)) throw new ApiError('invalid_data', `The ${identity.type} account is listed twice.`);
    seen.add(key);
    if (types.has(identity.type) && !several.has(identity.type))
      throw new ApiError(
        'cannot_link_more_of_type',
        `User already has an account of type ${identity.type} linked.`,
      );
    types.add(identity.type);
  }
  return identities;
}
