import { appApi, appServerApi, usersApi } from '@latchkey/protocol';
import { type AccessTokenClaims, verifyAccessToken } from '../tokens/access-token.ts';
import { type VerifiedIdentityToken, verifyIdentityToken } from '../tokens/identity-token.ts';
import type { TokenVerificationOptions } from '../tokens/verify-jwt.ts';
import { type ApiRequest, fillPath, Http, type HttpOptions } from './http.ts';
import { Aggregations } from './server-wallets/aggregations.ts';
import { ConditionSets } from './server-wallets/condition-sets.ts';
import { KeyQuorums } from './server-wallets/key-quorums.ts';
import { Policies } from './server-wallets/policies.ts';
import { Transactions } from './server-wallets/transactions.ts';
import { Wallets } from './server-wallets/wallets.ts';
import type {
  AllowlistEntry,
  AllowlistEntryRequest,
  AppResponse,
  CallOptions,
  CustomMetadata,
  ImportUserRequest,
  ImportUsersResponse,
  PregenerateWalletsInput,
  TestCredential,
  User,
  UserSearch,
  UsersPage,
} from './types.ts';
import { lookup, userLookups } from './user-lookups.ts';

/** How long a signed server-wallet request stays valid by default (`privy-request-expiry`): 15 minutes. */
export const defaultRequestExpiryMs = 15 * 60 * 1000;

export interface LatchkeyClientOptions extends HttpOptions {
  /**
   * How `verifyAccessToken` and `verifyIdentityToken` check tokens (issuer, clock tolerance, a
   * verification key instead of the key set); the app id and API URL are the client's.
   */
  tokens?: Omit<TokenVerificationOptions, 'appId' | 'apiUrl'>;
  /**
   * How long after it is sent a server-wallet write stays valid (`privy-request-expiry`, which its
   * authorization signatures cover). Default 15 minutes; a call's `requestExpiry` wins.
   */
  requestExpiryMs?: number;
}

/**
 * The server SDK's client: the users API, the app's settings, allowlist and test credentials (WIRE.md
 * §7.2), and token verification with the client's app. Uses the app secret: server side only.
 *
 * @example
 * const latchkey = new LatchkeyClient({ appId, appSecret, apiUrl: 'https://auth.example.com' });
 * const user = await latchkey.getUserByEmail('ada@example.com'); // null when no such user
 */
export class LatchkeyClient {
  readonly appId: string;
  readonly apiUrl: string;
  readonly #http: Http;
  readonly #tokenOptions: TokenVerificationOptions;
  /** Server wallets: create, list, update, RPC (`wallets.ethereum`, `wallets.solana`), raw sign. */
  readonly wallets: Wallets;
  /** Key quorums: the owners and signers of server wallets. */
  readonly keyQuorums: KeyQuorums;
  /** Policies that gate what server wallets sign, their rules, a dry run and a change log. */
  readonly policies: Policies;
  /** Lists of values policy conditions match (`in_condition_set`). */
  readonly conditionSets: ConditionSets;
  /** Rolling-window sums policy conditions compare. */
  readonly aggregations: Aggregations;
  /** The records of server wallets' sends (`transaction_id`), and their statuses. */
  readonly transactions: Transactions;

  constructor(options: LatchkeyClientOptions) {
    this.#http = new Http(options);
    this.appId = options.appId;
    this.apiUrl = options.apiUrl;
    this.#tokenOptions = { ...options.tokens, appId: options.appId, apiUrl: options.apiUrl };
    const requestExpiryMs = options.requestExpiryMs ?? defaultRequestExpiryMs;
    if (!Number.isSafeInteger(requestExpiryMs) || requestExpiryMs <= 0)
      throw new TypeError('requestExpiryMs must be a positive number of milliseconds.');
    const transport = { http: this.#http, appId: options.appId, requestExpiryMs, userKeys: new Map() };
    this.wallets = new Wallets(transport);
    this.keyQuorums = new KeyQuorums(transport);
    this.policies = new Policies(transport);
    this.conditionSets = new ConditionSets(transport);
    this.aggregations = new Aggregations(transport);
    this.transactions = new Transactions(this.#http);
  }

  #call<T>(request: ApiRequest): Promise<T> {
    return this.#http.request<T>(request);
  }

  // Tokens

  /** `verifyAccessToken` with this client's app and server. */
  verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    return verifyAccessToken(token, this.#tokenOptions);
  }

  /** `verifyIdentityToken` with this client's app and server. */
  verifyIdentityToken(token: string): Promise<VerifiedIdentityToken> {
    return verifyIdentityToken(token, this.#tokenOptions);
  }

  // Users

  /** A user by id; `NotFoundError` when there is none. */
  getUser(userId: string, options: CallOptions = {}): Promise<User> {
    return this.#call({
      method: 'GET',
      path: fillPath(usersApi.userGet.path, { user_id: userId }),
      idempotent: true,
      ...options,
    });
  }

  /** Deletes a user and their accounts; `NotFoundError` when there is none. */
  async deleteUser(userId: string, options: CallOptions = {}): Promise<void> {
    await this.#call({
      method: 'DELETE',
      path: fillPath(usersApi.userDelete.path, { user_id: userId }),
      idempotent: true,
      ...options,
    });
  }

  /** One page of the app's users (`limit` at most 100); pass `next_cursor` back for the next. */
  getUsersPage(
    params: { cursor?: string; limit?: number } = {},
    options: CallOptions = {},
  ): Promise<UsersPage> {
    return this.#call({
      method: 'GET',
      path: usersApi.usersList.path,
      query: { cursor: params.cursor || undefined, limit: params.limit },
      idempotent: true,
      ...options,
    });
  }

  /**
   * Every user of the app, page by page as the loop asks for them.
   *
   * @example
   * for await (const user of latchkey.getUsers()) console.log(user.id);
   */
  async *getUsers(params: { limit?: number } = {}, options: CallOptions = {}): AsyncGenerator<User, void> {
    let cursor: string | undefined;
    do {
      const page = await this.getUsersPage({ cursor, limit: params.limit }, options);
      yield* page.data;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  /** One page of a search: a term, or exact emails / phone numbers / wallet addresses. */
  searchUsersPage(
    search: UserSearch,
    params: { cursor?: string; limit?: number } = {},
    options: CallOptions = {},
  ): Promise<UsersPage> {
    const body: Record<string, unknown> = typeof search === 'string' ? { searchTerm: search } : { ...search };
    if (params.cursor) body.cursor = params.cursor;
    if (params.limit !== undefined) body.limit = params.limit;
    return this.#call({
      method: 'POST',
      path: usersApi.usersSearch.path,
      body,
      idempotent: true,
      ...options,
    });
  }

  /** Every user a search finds, page by page. */
  async *searchUsers(
    search: UserSearch,
    params: { limit?: number } = {},
    options: CallOptions = {},
  ): AsyncGenerator<User, void> {
    let cursor: string | undefined;
    do {
      const page = await this.searchUsersPage(search, { cursor, limit: params.limit }, options);
      yield* page.data;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }

  /** The user with this email address, or null. */
  getUserByEmail(address: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.email, address, options);
  }

  /** The user with this phone number, or null. */
  getUserByPhoneNumber(number: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.phone, number, options);
  }

  /** The user with this wallet (external or embedded), or null. */
  getUserByWalletAddress(address: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.wallet, address, options);
  }

  /** The user with this smart wallet, or null. */
  getUserBySmartWalletAddress(address: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.smartWallet, address, options);
  }

  /** The user with this Farcaster id, or null. */
  getUserByFarcasterId(fid: number, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.farcaster, fid, options);
  }

  /** The user with this Discord username, or null. */
  getUserByDiscordUsername(username: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.discord, username, options);
  }

  /** The user with this GitHub username, or null. */
  getUserByGithubUsername(username: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.github, username, options);
  }

  /** The user with this Twitter username, or null. */
  getUserByTwitterUsername(username: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.twitterUsername, username, options);
  }

  /** The user with this Twitter subject (the account's stable id), or null. */
  getUserByTwitterSubject(subject: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.twitterSubject, subject, options);
  }

  /** The user with this Telegram username, or null. */
  getUserByTelegramUsername(username: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.telegramUsername, username, options);
  }

  /** The user with this Telegram user id, or null. */
  getUserByTelegramUserId(telegramUserId: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.telegramUserId, telegramUserId, options);
  }

  /** The user with this custom-auth (your own JWT's `sub`) id, or null. */
  getUserByCustomAuthId(customUserId: string, options?: CallOptions): Promise<User | null> {
    return lookup(this.#http, userLookups.customAuth, customUserId, options);
  }

  /**
   * Creates a user with these accounts (`ConflictError` when one belongs to a user already), with
   * wallets pregenerated when asked. Not retried: a repeat could meet the user it created.
   */
  importUser(input: ImportUserRequest, options: CallOptions = {}): Promise<User> {
    return this.#call({
      method: 'POST',
      path: usersApi.usersImport.path,
      body: input,
      idempotent: false,
      ...options,
    });
  }

  /**
   * Imports up to 20 users in one call (`usersApiLimits.importMaxUsers`), each on its own: the answer
   * says, by index, which were created (with their id) and which were refused (with the code).
   * Not retried.
   */
  importUsers(users: ImportUserRequest[], options: CallOptions = {}): Promise<ImportUsersResponse> {
    return this.#call({
      method: 'POST',
      path: usersApi.usersImportBatch.path,
      body: { users },
      idempotent: false,
      ...options,
    });
  }

  /** Replaces the user's custom metadata (a flat map of strings, numbers and booleans). */
  setCustomMetadata(
    userId: string,
    customMetadata: CustomMetadata,
    options: CallOptions = {},
  ): Promise<User> {
    return this.#call({
      method: 'POST',
      path: fillPath(usersApi.userCustomMetadata.path, { user_id: userId }),
      body: { custom_metadata: customMetadata },
      idempotent: true,
      ...options,
    });
  }

  /** Creates embedded wallets for an existing user, which their wallet frame claims at login. */
  pregenerateWallets(
    userId: string,
    input: PregenerateWalletsInput,
    options: CallOptions = {},
  ): Promise<User> {
    return this.#call({
      method: 'POST',
      path: this.#appPath(appServerApi.appUsersWallet.path),
      body: { user_id: userId, ...input },
      idempotent: false,
      ...options,
    });
  }

  // The app

  /** The app's settings, including `verification_key`. */
  getApp(options: CallOptions = {}): Promise<AppResponse> {
    return this.#call({
      method: 'GET',
      path: this.#appPath(appApi.app.path),
      idempotent: true,
      ...options,
    });
  }

  /** The app's allowlist. */
  getAllowlist(options: CallOptions = {}): Promise<AllowlistEntry[]> {
    return this.#call({
      method: 'GET',
      path: this.#appPath(appServerApi.appAllowlist.path),
      idempotent: true,
      ...options,
    });
  }

  /** Lets an email, phone number or wallet log in while the allowlist is on. */
  addToAllowlist(entry: AllowlistEntryRequest, options: CallOptions = {}): Promise<AllowlistEntry> {
    return this.#call({
      method: 'POST',
      path: this.#appPath(appServerApi.appAllowlistAdd.path),
      body: entry,
      idempotent: false,
      ...options,
    });
  }

  /** Removes an allowlist entry. */
  removeFromAllowlist(entry: AllowlistEntryRequest, options: CallOptions = {}): Promise<{ message: string }> {
    return this.#call({
      method: 'DELETE',
      path: this.#appPath(appServerApi.appAllowlistRemove.path),
      body: entry,
      idempotent: true,
      ...options,
    });
  }

  /** The app's test accounts (email or phone and their fixed code), for end-to-end tests. */
  async getTestCredentials(options: CallOptions = {}): Promise<TestCredential[]> {
    const { data } = await this.#call<{ data: TestCredential[] }>({
      method: 'GET',
      path: this.#appPath(appServerApi.appTestCredentials.path),
      idempotent: true,
      ...options,
    });
    return data;
  }

  #appPath(path: string): string {
    return fillPath(path, { app_id: this.appId });
  }
}
