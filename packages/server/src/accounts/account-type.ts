import type { LinkedAccount } from '@latchkey/protocol';

/**
 * The account types this server stores, open for extension: whoever owns a type names it by
 * augmenting this interface from its own file, beside the descriptor that renders it
 * (`declare module '../accounts/account-type.ts' { interface AccountTypes { telegram: 'telegram' } }`).
 * A key is only a name; its value is the stored type (a family for OAuth: `google_oauth`, …,
 * `custom:{name}`). The shared types are in shared-account-types.ts.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging.
export interface AccountTypes {}

export type AccountType = AccountTypes[keyof AccountTypes];

/** A linked account as stored: `identifier` is the normalised value unique within the app. */
export interface AccountRecord {
  id: string;
  userId: string;
  type: AccountType;
  identifier: string;
  details: Record<string, unknown>;
  firstVerifiedAt: number;
  latestVerifiedAt: number;
}

/** What a login or link flow proves the user controls. */
export interface VerifiedIdentity {
  type: AccountType;
  identifier: string;
  details?: Record<string, unknown>;
}

/** The times every account carries on the wire (WIRE.md §4.2). */
export type AccountTimes = Pick<LinkedAccount, 'verified_at' | 'first_verified_at' | 'latest_verified_at'>;

/**
 * How the server renders one kind of linked account: what the switch over account types used to
 * decide per type. A feature declares the descriptors of the types it owns (`Feature.accountTypes`).
 *
 * @example
 * const telegramAccount: AccountTypeDescriptor = {
 *   types: ['telegram'],
 *   toWire: (account, times) => ({ type: 'telegram', telegram_user_id: account.identifier, ...times }),
 *   toCompact: (account) => ({ type: 'telegram', telegram_user_id: account.identifier, lv: account.latestVerifiedAt }),
 * };
 */
export interface AccountTypeDescriptor {
  /** The stored types it renders. */
  types: readonly AccountType[];
  /** For a family whose members are not all known in advance (OAuth's `custom:{name}`). */
  matches?: (type: string) => boolean;
  /** The wire form (WIRE.md §4.2); null for an internal type, never on the wire. */
  toWire(account: AccountRecord, times: AccountTimes): LinkedAccount | null;
  /** The compact form in the identity token's `linked_accounts` claim (WIRE.md §5.2); null: left out. */
  toCompact(account: AccountRecord): Record<string, unknown> | null;
}
