import {
  type LinkedAccount,
  type TransactionWebhookEvent,
  type User,
  type WalletFundsWebhookEvent,
  type WebhookEventType,
  webhookEventTypes,
} from '@latchkey/protocol';

/**
 * The webhook events Latchkey sends (spec document 1 §3, WIRE.md §7.6), each a compact JSON object
 * `{type, ...}`. Users and accounts are in the users API's shapes (WIRE.md §4.1–4.2).
 */
export {
  type TransactionWebhookEvent,
  type WalletFundsWebhookEvent,
  type WebhookEventType,
  webhookEventTypes,
};

/** A new user (first login, or imported through the users API). */
export interface UserCreatedEvent {
  type: 'user.created';
  user: User;
}

/** A login: the user, and the account they logged in with. */
export interface UserAuthenticatedEvent {
  type: 'user.authenticated';
  user: User;
  account: LinkedAccount | null;
}

/** An account linked to, unlinked from or updated on a user (the user as it is after the change). */
export interface UserAccountEvent {
  type: 'user.linked_account' | 'user.unlinked_account' | 'user.updated_account';
  user: User;
  account: LinkedAccount | null;
}

/** An account moved from one user to another; `deletedUser` says the first user is gone with it. */
export interface UserTransferredAccountEvent {
  type: 'user.transferred_account';
  fromUser: { id: string };
  toUser: User;
  account: LinkedAccount | null;
  deletedUser: boolean;
}

/** An embedded wallet created for a user. */
export interface UserWalletCreatedEvent {
  type: 'user.wallet_created';
  user: User;
  wallet: { address: string; chain_type: string };
}

/** A user deleted (through the users API, or by a transfer that emptied it). */
export interface UserDeletedEvent {
  type: 'user.deleted';
  user: { id: string } & Partial<User>;
}

/** A second factor enrolled or removed. */
export interface MfaEvent {
  type: 'mfa.enabled' | 'mfa.disabled';
  user_id: string;
  method: 'sms' | 'totp' | 'passkey' | 'email';
}

/** An embedded wallet's recovery set up, used, or its private key exported by the user. */
export interface WalletEvent {
  type: 'wallet.recovery_setup' | 'wallet.recovered' | 'wallet.private_key_export';
  user_id: string;
  wallet_address: string;
  /** The recovery method (`wallet.recovery_setup`, `wallet.recovered`). */
  method?: string;
  wallet_id?: string | null;
}

/** Every event `verifyWebhook` returns; narrow it on `type`. */
export type WebhookEvent =
  | UserCreatedEvent
  | UserAuthenticatedEvent
  | UserAccountEvent
  | UserTransferredAccountEvent
  | UserWalletCreatedEvent
  | UserDeletedEvent
  | MfaEvent
  | WalletEvent
  | TransactionWebhookEvent
  | WalletFundsWebhookEvent;
