import type { LinkedAccount } from '@latchkey/protocol';
import type { AccountRecord, AccountTypeDescriptor } from './account-type.ts';
import { dataAccountTypes } from './data-account-types.ts';
import { sharedAccountTypes } from './shared-account-types.ts';

export type {
  AccountRecord,
  AccountTimes,
  AccountType,
  AccountTypeDescriptor,
  AccountTypes,
  VerifiedIdentity,
} from './account-type.ts';
export { isEmbeddedWallet } from './shared-account-types.ts';

/**
 * Renders linked accounts by their type's descriptor. The shared types' descriptors are always
 * here, the data-only defaults too; the features' (`Feature.accountTypes`) are added by the app's
 * composition (app.ts `buildHttpApp`, which every server, CLI command and test server goes
 * through), before any request is served. A type with no descriptor is an error, never an
 * account silently left out.
 */
export class AccountTypeRegistry {
  private readonly byType = new Map<string, AccountTypeDescriptor>();
  private readonly families: AccountTypeDescriptor[] = [];
  /** Types whose descriptor is a data-only default, which a feature's may replace. */
  private readonly defaults = new Set<string>();

  constructor(shared: readonly AccountTypeDescriptor[], defaults: readonly AccountTypeDescriptor[]) {
    this.add(shared);
    for (const descriptor of defaults)
      for (const type of descriptor.types) {
        this.byType.set(type, descriptor);
        this.defaults.add(type);
      }
  }

  /**
   * Adds descriptors. Adding the same one again is a no-op (every server in a process composes the
   * same features); two descriptors for one type are a composition error, unless the one in place
   * is a default.
   */
  add(descriptors: readonly AccountTypeDescriptor[]): void {
    const adding = new Map<string, AccountTypeDescriptor>();
    for (const descriptor of descriptors)
      for (const type of descriptor.types) {
        const present = adding.get(type) ?? (this.defaults.has(type) ? undefined : this.byType.get(type));
        if (present && present !== descriptor)
          throw new Error(`Two descriptors for the account type ${type}`);
        adding.set(type, descriptor);
      }
    for (const [type, descriptor] of adding) {
      this.byType.set(type, descriptor);
      this.defaults.delete(type);
    }
    for (const descriptor of descriptors)
      if (descriptor.matches && !this.families.includes(descriptor)) this.families.push(descriptor);
  }

  of(type: string): AccountTypeDescriptor {
    const descriptor = this.byType.get(type) ?? this.families.find((family) => family.matches?.(type));
    if (!descriptor)
      throw new Error(
        `No descriptor for the account type ${type} (its feature's accountTypes, in features.ts)`,
      );
    return descriptor;
  }
}

const registry = new AccountTypeRegistry(sharedAccountTypes, dataAccountTypes);

/** Adds the features' account type descriptors (app.ts, from `Feature.accountTypes`). */
export function useAccountTypes(descriptors: readonly AccountTypeDescriptor[]): void {
  registry.add(descriptors);
}

/** The descriptor of an account type; throws for a type none declares. */
export const accountTypeOf = (type: string): AccountTypeDescriptor => registry.of(type);

/** The wire form of an account (WIRE.md §4.2), or null for internal types. */
export function toWireAccount(account: AccountRecord): LinkedAccount | null {
  return registry.of(account.type).toWire(account, {
    verified_at: account.firstVerifiedAt,
    first_verified_at: account.firstVerifiedAt,
    latest_verified_at: account.latestVerifiedAt,
  });
}

/** The compact form inside the identity token's `linked_accounts` claim (WIRE.md §5.2). */
export function toCompactAccount(account: AccountRecord): Record<string, unknown> | null {
  return registry.of(account.type).toCompact(account);
}
