import type { LinkedAccount } from '@latchkey/protocol';
import type { AccountRecord, AccountTimes, AccountTypeDescriptor } from './account-type.ts';

/*
 * The account types several features make, and the code below the features reads: so they are
 * the foundation's, always rendered, like the shared tables. Email accounts come from email codes,
 * OAuth e-mail merging and the users API; phones from SMS codes and the users API; wallets from
 * SIWE, SIWS, embedded wallets and the users API (login/wallet-accounts.ts); custom-auth ones from
 * custom JWTs and the users API; guests from guest login (login/link.ts keeps a guest's last
 * account linked).
 *
 * `wallet` identifiers are the lower-cased 0x address (Ethereum) or the base58 public key
 * (Solana); `smart_wallet` identifiers the lower-cased 0x address. `guest` is internal: a guest's
 * credential, never on the wire.
 */
declare module './account-type.ts' {
  interface AccountTypes {
    email: 'email';
    phone: 'phone';
    custom_auth: 'custom_auth';
    wallet: 'wallet';
    smart_wallet: 'smart_wallet';
    guest: 'guest';
  }
}

const emailAccount: AccountTypeDescriptor = {
  types: ['email'],
  toWire: (account, times) => ({ type: 'email', address: account.identifier, ...times }),
  toCompact: (account) => ({ type: 'email', address: account.identifier, lv: account.latestVerifiedAt }),
};

const phoneAccount: AccountTypeDescriptor = {
  types: ['phone'],
  toWire: (account, times) => {
    const display = String(account.details.display ?? account.identifier);
    return { type: 'phone', phoneNumber: display, number: display, ...times };
  },
  toCompact: (account) => ({
    type: 'phone',
    phone_number: String(account.details.display ?? account.identifier),
    lv: account.latestVerifiedAt,
  }),
};

const customAuthAccount: AccountTypeDescriptor = {
  types: ['custom_auth'],
  toWire: (account, times) => ({ type: 'custom_auth', custom_user_id: account.identifier, ...times }),
  toCompact: (account) => ({
    type: 'custom_auth',
    custom_user_id: account.identifier,
    lv: account.latestVerifiedAt,
  }),
};

/** True for an embedded wallet account (`wallet_client_type: 'privy'`), which cannot be unlinked. */
export function isEmbeddedWallet(account: Pick<AccountRecord, 'type' | 'details'>): boolean {
  return account.type === 'wallet' && account.details.wallet_client_type === 'privy';
}

/**
 * A wallet account on the wire (WIRE.md §4.2). External wallets carry the fixed set of fields;
 * embedded ones the embedded set.
 */
function wireWallet(account: AccountRecord, times: AccountTimes): LinkedAccount {
  const d = account.details;
  const address = String(d.address ?? account.identifier);
  if (isEmbeddedWallet(account)) return wireEmbeddedWallet(d, address, times);
  return {
    type: 'wallet',
    address,
    chain_type: d.chain_type ?? 'ethereum',
    chain_id: d.chain_id ?? null,
    wallet_client: 'unknown',
    wallet_client_type: d.wallet_client_type ?? null,
    connector_type: d.connector_type ?? null,
    ...times,
  };
}

/**
 * An embedded wallet on the wire: `id` null (an on-device wallet, not a TEE one) unless the user
 * delegated it (delegated actions: then the id of the server wallet that holds its key, kept after a
 * revoke so the app's stored id still names it), `public_key` on every chain but Ethereum (a Solana
 * wallet's public key is its address).
 */
function wireEmbeddedWallet(d: Record<string, unknown>, address: string, times: AccountTimes): LinkedAccount {
  const chainType = d.chain_type ?? 'ethereum';
  const wire: LinkedAccount = {
    type: 'wallet',
    id: typeof d.id === 'string' ? d.id : null,
    address,
    chain_id: d.chain_id ?? (chainType === 'ethereum' ? 'eip155:1' : null),
    chain_type: chainType,
    connector_type: 'embedded',
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    wallet_index: d.wallet_index ?? 0,
    delegated: d.delegated === true,
    imported: d.imported === true,
    recovery_method: d.recovery_method ?? 'privy',
    ...times,
  };
  if (chainType !== 'ethereum') wire.public_key = d.public_key ?? address;
  return wire;
}

const walletAccount: AccountTypeDescriptor = {
  types: ['wallet'],
  toWire: wireWallet,
  toCompact: (account) => {
    const d = account.details;
    const compact: Record<string, unknown> = { type: 'wallet' };
    if (d.id != null) compact.id = d.id;
    Object.assign(compact, {
      address: String(d.address ?? account.identifier),
      chain_type: d.chain_type ?? 'ethereum',
      wallet_client_type: d.wallet_client_type ?? null,
      lv: account.latestVerifiedAt,
    });
    return compact;
  },
};

const smartWalletAccount: AccountTypeDescriptor = {
  types: ['smart_wallet'],
  toWire: (account, times) => {
    const wire: LinkedAccount = {
      type: 'smart_wallet',
      address: String(account.details.address ?? account.identifier),
      smart_wallet_type: account.details.smart_wallet_type ?? null,
      ...times,
    };
    if (account.details.smart_wallet_version != null)
      wire.smart_wallet_version = account.details.smart_wallet_version;
    return wire;
  },
  toCompact: (account) => ({
    type: 'smart_wallet',
    address: String(account.details.address ?? account.identifier),
    smart_wallet_type: account.details.smart_wallet_type ?? null,
    lv: account.latestVerifiedAt,
  }),
};

/** A guest's credential: internal, never on the wire nor in the identity token. */
const guestAccount: AccountTypeDescriptor = {
  types: ['guest'],
  toWire: () => null,
  toCompact: () => null,
};

export const sharedAccountTypes: readonly AccountTypeDescriptor[] = [
  emailAccount,
  phoneAccount,
  customAuthAccount,
  walletAccount,
  smartWalletAccount,
  guestAccount,
];
