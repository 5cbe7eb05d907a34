import type { AccountRecord, AccountTypeDescriptor } from './account-type.ts';

/*
 * Account types no login method of this server makes yet, only the users API imports
 * (users-api/import-accounts.ts): rendered from what their details store. They are defaults: a
 * feature that comes to own one (a Telegram login) declares its own descriptor for the type in its
 * `Feature.accountTypes`, which takes the place of the default here (account-record.ts), so adding
 * it edits no file of accounts/.
 *
 * `farcaster` accounts are identified by the decimal fid, `telegram` ones by the Telegram user id
 * (a decimal string). The Farcaster login (farcaster/) makes `farcaster` accounts with the fields
 * rendered here, so it keeps this descriptor rather than declaring its own.
 */
declare module './account-type.ts' {
  interface AccountTypes {
    farcaster: 'farcaster';
    telegram: 'telegram';
  }
}

/** The wire fields of a Farcaster and a Telegram account beside their ids (WIRE.md §4.2). */
const farcasterFields = [
  'owner_address',
  'username',
  'display_name',
  'bio',
  'profile_picture',
  'profile_picture_url',
  'homepage_url',
  'signer_public_key',
] as const;
const telegramFields = ['first_name', 'last_name', 'username', 'photo_url'] as const;

/** The listed detail fields, null when not stored. */
function pick(account: AccountRecord, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, account.details[field] ?? null]));
}

const farcasterAccount: AccountTypeDescriptor = {
  types: ['farcaster'],
  toWire: (account, times) => ({
    type: 'farcaster',
    fid: Number(account.identifier),
    ...pick(account, farcasterFields),
    ...times,
  }),
  toCompact: (account) => ({
    type: 'farcaster',
    fid: Number(account.identifier),
    username: account.details.username ?? null,
    oa: account.details.owner_address ?? null,
    lv: account.latestVerifiedAt,
  }),
};

const telegramAccount: AccountTypeDescriptor = {
  types: ['telegram'],
  toWire: (account, times) => ({
    type: 'telegram',
    telegram_user_id: account.identifier,
    ...pick(account, telegramFields),
    ...times,
  }),
  toCompact: (account) => ({
    type: 'telegram',
    telegram_user_id: account.identifier,
    username: account.details.username ?? null,
    lv: account.latestVerifiedAt,
  }),
};

export const dataAccountTypes: readonly AccountTypeDescriptor[] = [farcasterAccount, telegramAccount];
