import type { User } from '@latchkey/protocol';

/** The wallet addresses linked to the user, lower-cased. */
export function linkedWalletAddresses(user: User | null): Set<string> {
  const out = new Set<string>();
  for (const account of user?.linked_accounts ?? []) {
    const { type, address } = account as { type: string; address?: unknown };
    if (type === 'wallet' && typeof address === 'string') out.add(address.toLowerCase());
  }
  return out;
}
