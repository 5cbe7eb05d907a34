import type { AccountRecord, AccountTypeDescriptor } from '../accounts/account-type.ts';

/*
 * Telegram accounts: identified by the Telegram user id (its decimal text), with the profile the
 * widget or the Mini App gave (spec document 1 §3).
 */
declare module '../accounts/account-type.ts' {
  interface AccountTypes {
    telegram: 'telegram';
  }
}

const fields = ['first_name', 'last_name', 'username', 'photo_url'] as const;

/** The listed detail fields, null when not stored. */
const pick = (account: AccountRecord) =>
  Object.fromEntries(fields.map((field) => [field, account.details[field] ?? null]));

export const telegramAccount: AccountTypeDescriptor = {
  types: ['telegram'],
  /** WIRE.md §4.2: `telegram_user_id` (a string), `first_name`, `last_name`, `username`, `photo_url`. */
  toWire: (account, times) => ({
    type: 'telegram',
    telegram_user_id: account.identifier,
    ...pick(account),
    ...times,
  }),
  /** WIRE.md §5.2: the identity token's compact form. */
  toCompact: (account) => ({
    type: 'telegram',
    telegram_user_id: account.identifier,
    username: account.details.username ?? null,
    lv: account.latestVerifiedAt,
  }),
};
