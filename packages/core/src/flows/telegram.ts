import {
  type LoginMode,
  type TelegramAuthResult,
  type TelegramWebAppData,
  telegramApi,
  type User,
} from '@latchkey/protocol';
import {
  assertLoggedIn,
  assertLoggedOut,
  completeAccountChange,
  completeLogin,
  type FlowContext,
  type LoginResult,
  noBearer,
} from './context.ts';
import type { TransferAccount } from './transfer.ts';

/*
 * Telegram login (spec document 1 §1–§5, WIRE.md §3.6): the login widget's result, which Telegram's
 * login page puts in the query of the page it sends the browser back to, or a Mini App's signed
 * launch parameters (`#tgWebAppData=…`), proves a Telegram account. Loaded on first use, never at
 * first load (`@latchkey/core/flows/telegram`, run with `client.run`).
 */

/** What proves a Telegram account: the login widget's result, or a Mini App's launch data. */
export type TelegramProof = { authResult: TelegramAuthResult } | { webAppData: TelegramWebAppData };

export interface LoginWithTelegramParameters {
  proof: TelegramProof;
  captchaToken?: string | undefined;
  /** `no-signup`: a Telegram account no user has yet is refused. */
  mode?: LoginMode | undefined;
}

const proofBody = (proof: TelegramProof) =>
  'authResult' in proof
    ? { telegram_auth_result: proof.authResult }
    : { telegram_web_app_data: proof.webAppData };

/**
 * Logs in with a Telegram proof (`POST /api/v1/telegram/authenticate`). Refused while logged in.
 *
 * @example
 * const proof = readTelegramReturn(location.href);
 * if (proof) await client.run((ctx) => loginWithTelegram(ctx, { proof }));
 */
export async function loginWithTelegram(
  ctx: FlowContext,
  { proof, captchaToken, mode }: LoginWithTelegramParameters,
): Promise<LoginResult> {
  assertLoggedOut(ctx);
  const body = { ...proofBody(proof), captcha_token: captchaToken, mode };
  return completeLogin(ctx, await ctx.http.call(telegramApi.telegramAuthenticate, body, noBearer));
}

/** Links the Telegram account a proof names to the logged-in user (`POST /api/v1/telegram/link`). */
export async function linkTelegram(
  ctx: FlowContext,
  { proof, captchaToken }: Omit<LoginWithTelegramParameters, 'mode'>,
): Promise<User> {
  assertLoggedIn(ctx);
  const body = { ...proofBody(proof), captcha_token: captchaToken };
  return completeAccountChange(ctx, await ctx.http.call(telegramApi.telegramLink, body));
}

/** Unlinks the user's Telegram account (`POST /api/v1/telegram/unlink`); the only account cannot go. */
export async function unlinkTelegram(
  ctx: FlowContext,
  { telegramUserId }: { telegramUserId: string },
): Promise<User> {
  assertLoggedIn(ctx);
  const user = await ctx.http.call(telegramApi.telegramUnlink, { telegram_user_id: telegramUserId });
  return completeAccountChange(ctx, user);
}

/** The account a refused link names, for the transfer screen: moved with `telegram/transfer` and the proof. */
export const telegramTransferAccount = (proof: TelegramProof): TransferAccount => ({
  type: 'route',
  route: telegramApi.telegramTransfer,
  body: proofBody(proof),
});

/** The login widget's fields Telegram's login page puts in the query (spec document 1, URL parameters). */
const widgetFields = ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'] as const;

/** A Mini App's launch parameters in the address's hash (`#tgWebAppData=…&tgWebAppVersion=…`). */
const webAppMarker = 'tgWebAppData';

/** The widget's result in a query, or null when it carries none (id, hash and auth_date all present). */
function readAuthResult(query: URLSearchParams): TelegramAuthResult | null {
  const id = query.get('id');
  const hash = query.get('hash');
  const authDate = query.get('auth_date');
  if (!id || !hash || !authDate || !/^\d+$/.test(id) || !/^\d+$/.test(authDate)) return null;
  const result: TelegramAuthResult = {
    id: Number(id),
    first_name: query.get('first_name') ?? '',
    auth_date: Number(authDate),
    hash,
  };
  for (const field of ['last_name', 'username', 'photo_url'] as const) {
    const value = query.get(field);
    if (value !== null) result[field] = value;
  }
  return result;
}

/** A Mini App's `initData` from the hash: each value decoded once, as Telegram signs them. */
function readWebAppData(hash: string): TelegramWebAppData | null {
  if (!hash.startsWith(`#${webAppMarker}`)) return null;
  const raw = new URLSearchParams(hash.slice(1)).get(webAppMarker);
  return raw ? webAppDataOf(raw) : null;
}

/**
 * A Mini App's launch data from its raw init data (`initDataRaw`, as Telegram's SDKs hand it to an
 * app), or null when it is not launch data.
 *
 * @example
 * webAppDataOf('user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=ab12')?.auth_date // 1700000000
 */
export function webAppDataOf(raw: string): TelegramWebAppData | null {
  const fields = Object.fromEntries(new URLSearchParams(raw));
  const { auth_date: authDate, hash: signature, user } = fields;
  if (!authDate || !/^\d+$/.test(authDate) || !signature || !user) return null;
  return { ...fields, auth_date: Number(authDate), hash: signature, user };
}

/**
 * The Telegram proof the page's address carries: the widget's result in the query (back from
 * Telegram's login page), or a Mini App's launch data in the hash; null when it carries neither.
 *
 * @example
 * readTelegramReturn('https://app.example.com/?id=42&first_name=Ada&auth_date=1700000000&hash=ab12')
 * // { authResult: { id: 42, first_name: 'Ada', auth_date: 1700000000, hash: 'ab12' } }
 */
export function readTelegramReturn(href: string): TelegramProof | null {
  const url = new URL(href);
  const authResult = readAuthResult(url.searchParams);
  if (authResult) return { authResult };
  const webAppData = readWebAppData(url.hash);
  return webAppData ? { webAppData } : null;
}

/**
 * The address without the Telegram parameters (spec: they leave the address after use): the widget's
 * fields from the query; a Mini App's launch data from the hash.
 *
 * @example
 * withoutTelegramReturn('https://app.example.com/a?x=1&id=42&auth_date=1&hash=ab') // 'https://app.example.com/a?x=1'
 */
export function withoutTelegramReturn(href: string): string {
  const url = new URL(href);
  if (readAuthResult(url.searchParams)) for (const field of widgetFields) url.searchParams.delete(field);
  if (readWebAppData(url.hash)) url.hash = '';
  return url.href;
}

/** What a login that left the page for Telegram's login page was for. */
export interface TelegramAttempt {
  intent: 'login' | 'link';
  /** The modal's flow, or a headless hook (`useLoginWithTelegram`). */
  ui: 'modal' | 'headless';
  mode?: LoginMode | undefined;
}

/** Latchkey's own key: what the attempt was for, kept across Telegram's page. */
const attemptKey = (appId: string) => `latchkey:telegram-attempt:${appId}`;

/**
 * Leaves the page for Telegram's login page (the server's redirect login, which knows the app's bot
 * and Telegram's origin), remembering what the attempt is for; Telegram comes back to this page with
 * the widget's result in the query.
 */
export async function startTelegramRedirect(
  ctx: FlowContext,
  attempt: TelegramAttempt,
  page: Pick<Location, 'href' | 'assign'> = location,
): Promise<void> {
  if (attempt.intent === 'login') assertLoggedOut(ctx);
  else assertLoggedIn(ctx);
  await ctx.storage.put(attemptKey(ctx.appId), JSON.stringify(attempt));
  // The path by hand rather than with routeUrl: a lazy chunk that imports what the first load does splits it.
  const path = telegramApi.telegramLoginRedirect.path.replace(':app_id', encodeURIComponent(ctx.appId));
  const returnTo = withoutTelegramReturn(page.href);
  page.assign(`${ctx.http.apiUrl}${path}?${new URLSearchParams({ return_to: returnTo })}`);
}

/** The attempt the page came back from (taken once); null when this device started none. */
export async function takeTelegramAttempt(ctx: FlowContext): Promise<TelegramAttempt | null> {
  const key = attemptKey(ctx.appId);
  const stored = await ctx.storage.get(key);
  await ctx.storage.del(key);
  if (!stored) return null;
  try {
    const attempt = JSON.parse(stored) as Partial<TelegramAttempt>;
    if (
      (attempt.intent === 'login' || attempt.intent === 'link') &&
      (attempt.ui === 'modal' || attempt.ui === 'headless')
    )
      return { intent: attempt.intent, ui: attempt.ui, mode: attempt.mode };
  } catch {
    // A value someone else wrote: no attempt of ours.
  }
  return null;
}
