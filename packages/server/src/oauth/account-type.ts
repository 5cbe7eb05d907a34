import {
  type LinkedAccount,
  type OAuthAccountType,
  type OAuthProfileField,
  oauthAccountFields,
  oauthProfileFields,
  oauthProviderOf,
} from '@latchkey/protocol';
import type { AccountRecord, AccountTypeDescriptor } from '../accounts/account-type.ts';

/*
 * OAuth accounts (`google_oauth`, …, `custom:{name}`): identified by the provider's `subject`;
 * their details hold the profile the provider gave (`username`, `name`, `email`, …).
 */
declare module '../accounts/account-type.ts' {
  interface AccountTypes {
    oauth: OAuthAccountType;
  }
}

/**
 * The profile fields of an OAuth account: those its type always carries (WIRE.md §4.2 or §5.2),
 * null when the provider gave none, and with `extras` any other one the provider gave.
 */
function oauthProfile(
  account: AccountRecord,
  listed: readonly OAuthProfileField[],
  extras: boolean,
): Record<string, unknown> {
  const profile: Record<string, unknown> = {};
  for (const field of oauthProfileFields) {
    const value = account.details[field];
    if (!listed.includes(field) && !extras) continue;
    if (typeof value === 'string') profile[field] = value;
    else if (listed.includes(field)) profile[field] = null;
  }
  return profile;
}

function oauthFields(type: string) {
  const provider = oauthProviderOf(type);
  if (!provider) throw new Error(`Not an account type: ${type}`);
  return oauthAccountFields[
    provider.startsWith('custom:') ? 'custom' : (provider as keyof typeof oauthAccountFields)
  ];
}

export const oauthAccount: AccountTypeDescriptor = {
  types: [],
  matches: (type) => oauthProviderOf(type) !== null,
  toWire: (account, times) => {
    const profile = oauthProfile(account, oauthFields(account.type).wire, true);
    return { type: account.type, subject: account.identifier, ...profile, ...times } as LinkedAccount;
  },
  toCompact: (account) => {
    // The compact form names the picture `pfp` (WIRE.md §5.2).
    const { profile_picture_url: pfp, ...profile } = oauthProfile(
      account,
      oauthFields(account.type).compact,
      false,
    );
    return {
      type: account.type,
      subject: account.identifier,
      ...profile,
      ...(pfp === undefined ? {} : { pfp }),
      lv: account.latestVerifiedAt,
    };
  },
};
