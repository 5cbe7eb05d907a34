import { type AccessTokenClaims, verifyAccessToken } from '../tokens/access-token.ts';
import { type VerifiedIdentityToken, verifyIdentityToken } from '../tokens/identity-token.ts';
import type { TokenVerificationOptions } from '../tokens/verify-jwt.ts';
import { type ApiRequest, Http, type HttpOptions } from './http.ts';
import type {
  AllowlistEntry,
  AllowlistEntryRequest,
  AppResponse,
  CallOptions,
  CustomMetadata,
  ImportUserInput,
  PregenerateWalletsInput,
  TestCredential,
  User,
  UserPage,
  UserSearch,
} from './types.ts';
import { lookup, userLookups } from './user-lookups.ts';

export interface LatchkeyClientOptions extends HttpOptions {
  /**
   * How `verifyAccessToken` and `verifyIdentityToken` check tokens (issuer, clock tolerance, a
   * verification key instead of the key set); the app id and API URL are the client's.
   */
  tokens?: Omit<TokenVerificationOptions, 'appId' | 'apiUrl'>;
}

/** A user id in a path: encoded, with the `did:privy:` colons kept as the incumbent sends them. */
const userSegment = (id: string) => {
  if (typeof id !== 'string' || id === '') throw new TypeError('A user id is required.');
  return encodeURIComponent(id).replaceAll('%3A', ':');
};

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

  constructor(options: LatchkeyClientOptions) {
    this.#http = new Http(options);
    this.appId = options.appId;
    this.apiUrl = options.apiUrl;
    this.#tokenOptions = { ...options.tokens, appId: options.appId, apiUrl: options.apiUrl };
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
      path: `/api/v1/users/${userSegment(userId)}`,
      idempotent: true,
      ...options,
    });
  }

  /** Deletes a user and their accounts; `NotFoundError` when there is none. */
  async deleteUser(userId: string, options: CallOptions = {}): Promise<void> {
    await this.#call({
      method: 'DELETE',
      path: `/api/v1/users/${userSegment(userId)}`,
      idempotent: true,
      ...options,
    });
  }

  /** One page of the app's users (`limit` at most 100); pass `next_cursor` back for the next. */
  getUsersPage(
    params: { cursor?: string; limit?: number } = {},
    options: CallOptions = {},
  ): Promise<UserPage> {
    return this.#call({
      method: 'GET',
      path: '/api/v1/users',
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
    params: { cursor?: string } = {},
    options: CallOptions = {},
  ): Promise<UserPage> {
    const body = typeof search === 'string' ? { searchTerm: search } : { ...search };
    return this.#call({
      method: 'POST',
      path: '/api/v1/users/search',
      body: params.cursor ? { ...body, cursor: params.cursor } : body,
      idempotent: true,
      ...options,
    });
  }

  /** Every user a search finds, page by page. */
  async *searchUsers(search: UserSearch, options: CallOptions = {}): AsyncGenerator<User, void> {
    let cursor: string | undefined;
    do {
      const page = await this.searchUsersPage(search, { cursor }, options);
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
  importUser(input: ImportUserInput, options: CallOptions = {}): Promise<User> {
    return this.#call({ method: 'POST', path: '/api/v1/users', body: input, idempotent: false, ...options });
  }

  /** Replaces the user's custom metadata (a flat map of strings, numbers and booleans). */
  setCustomMetadata(
    userId: string,
    customMetadata: CustomMetadata,
    options: CallOptions = {},
  ): Promise<User> {
    return this.#call({
      method: 'POST',
      path: `/api/v1/users/${userSegment(userId)}/custom_metadata`,
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
      path: `/api/v1/apps/${encodeURIComponent(this.appId)}/users/wallet`,
      body: { user_id: userId, ...input },
      idempotent: false,
      ...options,
    });
  }

  // The app

  /** The app's settings, including `verification_key`. */
  getApp(options: CallOptions = {}): Promise<AppResponse> {
    return this.#call({ method: 'GET', path: this.#appPath(''), idempotent: true, ...options });
  }

  /** The app's allowlist. */
  getAllowlist(options: CallOptions = {}): Promise<AllowlistEntry[]> {
    return this.#call({ method: 'GET', path: this.#appPath('/allowlist'), idempotent: true, ...options });
  }

  /** Lets an email, phone number or wallet log in while the allowlist is on. */
  addToAllowlist(entry: AllowlistEntryRequest, options: CallOptions = {}): Promise<AllowlistEntry> {
    return this.#call({
      method: 'POST',
      path: this.#appPath('/allowlist'),
      body: entry,
      idempotent: false,
      ...options,
    });
  }

  /** Removes an allowlist entry. */
  removeFromAllowlist(entry: AllowlistEntryRequest, options: CallOptions = {}): Promise<{ message: string }> {
    return this.#call({
      method: 'DELETE',
      path: this.#appPath('/allowlist'),
      body: entry,
      idempotent: true,
      ...options,
    });
  }

  /** The app's test accounts (email or phone and their fixed code), for end-to-end tests. */
  async getTestCredentials(options: CallOptions = {}): Promise<TestCredential[]> {
    const { data } = await this.#call<{ data: TestCredential[] }>({
      method: 'GET',
      path: this.#appPath('/test_credentials'),
      idempotent: true,
      ...options,
    });
    return data;
  }

  #appPath(tail: string): string {
    return `/api/v1/apps/${encodeURIComponent(this.appId)}${tail}`;
  }
}
