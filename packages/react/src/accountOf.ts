import type { AuthMethod, LinkAccountEvent, LoginCompleteEvent, UpdateAccountEvent } from './callbacks.ts';
import type { LatchkeyEvents } from './events.ts';
import type { LinkedAccountWithMetadata, User } from './userTypes.ts';

// The account type of the methods whose type is not their own name or `{provider}_oauth`.
const accountTypes: Partial<Record<AuthMethod, string>> = {
  sms: 'phone',
  siwe: 'wallet',
  siws: 'wallet',
  custom: 'custom_auth',
  guest: '',
};

/** Whether an account is the kind a method logs in, links or updates (a wallet: of its chain). */
function matches(account: LinkedAccountWithMetadata, method: AuthMethod): boolean {
  const own = ['email', 'farcaster', 'passkey', 'telegram'].includes(method) || method.startsWith('custom:');
  const type = accountTypes[method] ?? (own ? method : `${method}_oauth`);
  if (account.type !== type) return false;
  return account.type !== 'wallet' || account.chainType === (method === 'siws' ? 'solana' : 'ethereum');
}

const latest = (a: LinkedAccountWithMetadata) =>
  a.latestVerifiedAt?.getTime() ?? a.firstVerifiedAt?.getTime() ?? 0;

/**
 * The account a login, link or update went through: of the method's kind, the most recently verified
 * (`loginAccount`, `linkedAccount`, `updatedAccount` of the callbacks). Null when the user has none.
 *
 * @example
 * accountOf(user, 'email')?.type // 'email'
 */
export function accountOf(user: User, method: AuthMethod): LinkedAccountWithMetadata | null {
  let found: LinkedAccountWithMetadata | null = null;
  for (const account of user.linkedAccounts) {
    if (matches(account, method) && (!found || latest(account) >= latest(found))) found = account;
  }
  return found;
}

/** A login's `onComplete` event: what the flow reports, and the account it went through. */
export const loginCompleteEvent = (event: Omit<LoginCompleteEvent, 'loginAccount'>): LoginCompleteEvent => ({
  ...event,
  loginAccount: event.loginMethod ? accountOf(event.user, event.loginMethod) : null,
});

// A link or update always has its account; should the user somehow lack it, the last one listed stands in.
const changed = (user: User, method: AuthMethod) =>
  (accountOf(user, method) ?? user.linkedAccounts.at(-1)) as LinkedAccountWithMetadata;

/** A link's `onSuccess` event. */
export const linkAccountEvent = (user: User, linkMethod: AuthMethod): LinkAccountEvent => ({
  user,
  linkMethod,
  linkedAccount: changed(user, linkMethod),
});

/** An update's `onSuccess` event. */
export const updateAccountEvent = (user: User, updateMethod: AuthMethod): UpdateAccountEvent => ({
  user,
  updateMethod,
  updatedAccount: changed(user, updateMethod),
});

type HeadlessLogin = Omit<LoginCompleteEvent, 'loginAccount' | 'wasAlreadyAuthenticated'>;

/**
 * A login the modal did not run: tells the provider (`loggedIn`: it creates the wallets
 * `createOnLogin` asks for) and answers the hook's `onComplete` event.
 */
export function headlessLogin(events: LatchkeyEvents, login: HeadlessLogin): LoginCompleteEvent {
  events.emit('loggedIn', undefined);
  return loginCompleteEvent({ ...login, wasAlreadyAuthenticated: false });
}

/** A headless login every hook hears (`loginComplete`), as page returns, guests and Farcaster or Telegram logins are. */
export function reportHeadlessLogin(events: LatchkeyEvents, login: HeadlessLogin): void {
  events.emit('loginComplete', headlessLogin(events, login));
}
