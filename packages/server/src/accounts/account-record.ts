import type { LinkedAccount } from '@latchkey/protocol';

/** Account types this server knows. `guest` is internal: a guest's credential, never on the wire. */
export type AccountType = 'email' | 'phone' | 'custom_auth' | 'guest';

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

/** The wire form of an account (WIRE.md §4.2), or null for internal types. */
export function toWireAccount(account: AccountRecord): LinkedAccount | null {
  const times = {
    verified_at: account.firstVerifiedAt,
    first_verified_at: account.firstVerifiedAt,
    latest_verified_at: account.latestVerifiedAt,
  };
  switch (account.type) {
    case 'email':
      return { type: 'email', address: account.identifier, ...times };
    case 'phone': {
      const display = String(account.details.display ?? account.identifier);
      return { type: 'phone', phoneNumber: display, number: display, ...times };
    }
    case 'custom_auth':
      return { type: 'custom_auth', custom_user_id: account.identifier, ...times };
    case 'guest':
      return null;
  }
}

/** The compact form inside the identity token's `linked_accounts` claim (WIRE.md §5.2). */
export function toCompactAccount(account: AccountRecord): Record<string, unknown> | null {
  const lv = account.latestVerifiedAt;
  switch (account.type) {
    case 'email':
      return { type: 'email', address: account.identifier, lv };
    case 'phone':
      return { type: 'phone', phone_number: String(account.details.display ?? account.identifier), lv };
    case 'custom_auth':
      return { type: 'custom_auth', custom_user_id: account.identifier, lv };
    case 'guest':
      return null;
  }
}

/** Human name of an account type for error texts ('User already has an account of type email linked.'). */
export function accountTypeLabel(type: AccountType): string {
  return type;
}
