import {
  createHash,
  createHmac,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomInt,
  sign,
} from 'node:crypto';
import type { ServerResponse } from 'node:http';

import { idleClosingServer } from './stand-in-http.ts';
/**
 * A local stand-in for Telegram's login (oauth.telegram.org): it holds a test bot token per bot id
 * and signs what Telegram would. Also the helpers that mint a login widget result and Mini App
 * initData the way Telegram signs them (docs/telegram.md): HMAC with the bot token, and Ed25519
 * with a test key in place of Telegram's for third-party validation.
 */

/** A Telegram user as the login widget and `initData.user` describe them. */
export interface TelegramTestUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
}

/** A test bot: its id, its username, and its token (`<id>:<secret>`, as BotFather gives it). */
export interface TelegramTestBot {
  id: string;
  name: string;
  token: string;
}

/** A new bot with a random id and token. */
export function newTelegramBot(name = 'latchkey_test_bot'): TelegramTestBot {
  const id = String(randomInt(1_000_000, 2 ** 40));
  return { id, name, token: `${id}:${randomBytes(26).toString('base64url')}` };
}

const now = () => Math.floor(Date.now() / 1000);

/** Telegram's data-check-string: fields but `leaveOut`, sorted by key, `key=value`, joined by `\n`. */
function dataCheckString(fields: Record<string, string>, leaveOut: string[]): string {
  return Object.keys(fields)
    .filter((key) => !leaveOut.includes(key))
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
}

const strings = (fields: Record<string, string | number | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );

/** The login widget's result (`telegram_auth_result`) for `user`, signed with the bot's token. */
export function signWidgetResult(
  botToken: string,
  user: TelegramTestUser,
  authDate = now(),
): TelegramTestUser & { auth_date: number; hash: string } {
  const result = { ...user, auth_date: authDate };
  const secret = createHash('sha256').update(botToken).digest();
  const hash = createHmac('sha256', secret)
    .update(dataCheckString(strings({ ...result }), []))
    .digest('hex');
  return { ...result, hash };
}

/** The widget's result as Telegram's redirect puts it in the query. */
export function widgetResultQuery(result: Record<string, string | number | undefined>): string {
  return new URLSearchParams(strings(result)).toString();
}

/** Mini App launch parameters: the raw `initData` query string and its parsed form (`telegram_web_app_data`). */
export interface SignedInitData {
  initData: string;
  webAppData: Record<string, string | number>;
}

export interface InitDataFields {
  user: TelegramTestUser & Record<string, unknown>;
  auth_date?: number;
  query_id?: string;
  chat_instance?: string;
  chat_type?: string;
  start_param?: string;
}

function initDataFields(fields: InitDataFields): Record<string, string> {
  return strings({
    query_id: fields.query_id ?? `AAH${randomBytes(9).toString('base64url')}`,
    user: JSON.stringify(fields.user),
    auth_date: fields.auth_date ?? now(),
    chat_instance: fields.chat_instance,
    chat_type: fields.chat_type,
    start_param: fields.start_param,
  });
}

function toSigned(fields: Record<string, string>): SignedInitData {
  const webAppData: Record<string, string | number> = { ...fields, auth_date: Number(fields.auth_date) };
  return { initData: new URLSearchParams(fields).toString(), webAppData };
}

/** A test stand-in for Telegram's Ed25519 key (third-party validation): sign with it, give the server its public key. */
export interface TelegramTestKey {
  /** The raw 32-byte public key in hex: the server's `telegram.publicKey` setting. */
  publicKeyHex: string;
  privateKey: KeyObject;
}

export function newTelegramTestKey(): TelegramTestKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x!;
  return { publicKeyHex: Buffer.from(x, 'base64url').toString('hex'), privateKey };
}

/**
 * Mini App `initData` as Telegram signs it: `signature` (Ed25519 over `"<bot_id>:WebAppData\n"` and
 * the fields but `hash` and `signature`) when a key is given, then `hash` (HMAC keyed with
 * HMAC-SHA-256("WebAppData", bot token), over every field but `hash`, `signature` included).
 */
export function signInitData(
  bot: Pick<TelegramTestBot, 'id' | 'token'>,
  fields: InitDataFields,
  options: { key?: TelegramTestKey } = {},
): SignedInitData {
  const signed = initDataFields(fields);
  if (options.key) {
    const message = `${bot.id}:WebAppData\n${dataCheckString(signed, [])}`;
    signed.signature = sign(null, Buffer.from(message), options.key.privateKey).toString('base64url');
  }
  const secret = createHmac('sha256', 'WebAppData').update(bot.token).digest();
  signed.hash = createHmac('sha256', secret)
    .update(dataCheckString(signed, ['hash']))
    .digest('hex');
  return toSigned(signed);
}

export interface TelegramStandIn {
  /** The stand-in's origin: the server's `telegram.oauthOrigin`. */
  url: string;
  addBot(bot: TelegramTestBot): void;
  /** The user the next logins approve as. */
  signInAs(user: TelegramTestUser): void;
  /** Every `/auth` request's query, as received. */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>Telegram</title></head><body>${body}</body></html>`,
  );
}

/**
 * Telegram's login page, on loopback: `GET /auth?bot_id&origin&request_access[&return_to][&embed]`
 * shows the bot's name and a confirm control (`#telegram-confirm`). With `return_to` it is a link
 * back there with the signed widget result in the query; without, the popup posts
 * `{event: 'auth_result', result}` (JSON text, as Telegram does) to its opener at `origin`, and
 * closes. The server is unref'd and closes itself after `idleMs` without a request, so a test
 * that forgets `close()` never keeps the process alive.
 */
export async function startTelegramStandIn(options: { idleMs?: number } = {}): Promise<TelegramStandIn> {
  const bots = new Map<string, TelegramTestBot>();
  const requests: URLSearchParams[] = [];
  let user: TelegramTestUser = {
    id: 100_200_300,
    first_name: 'Test',
    last_name: 'User',
    username: 'test_user',
  };
  const idleMs = options.idleMs ?? 10 * 60_000;
  const server = await idleClosingServer(async (req, res, url) => {
    if (req.method !== 'GET' || url.pathname !== '/auth') return page(res, 404, 'Not found');
    requests.push(url.searchParams);
    const bot = bots.get(url.searchParams.get('bot_id') ?? '');
    if (!bot) return page(res, 400, 'Bot domain invalid');
    const origin = url.searchParams.get('origin');
    const returnTo = url.searchParams.get('return_to');
    const result = signWidgetResult(bot.token, user);
    const intro = `<p>Log in to <b>${escapeHtml(origin ?? '')}</b> with <b>@${escapeHtml(bot.name)}</b> as ${escapeHtml(user.first_name)}.</p>`;
    if (returnTo) {
      const back = new URL(returnTo);
      for (const [key, value] of Object.entries(result)) back.searchParams.set(key, String(value));
      return page(res, 200, `${intro}<a id="telegram-confirm" href="${escapeHtml(back.href)}">Confirm</a>`);
    }
    if (!origin) return page(res, 400, 'Origin required');
    const message = JSON.stringify({ event: 'auth_result', result, origin });
    const script = `document.getElementById('telegram-confirm').addEventListener('click', function () {
      if (window.opener) window.opener.postMessage(${JSON.stringify(message)}, ${JSON.stringify(origin)});
      window.close();
    });`;
    page(
      res,
      200,
      `${intro}<button id="telegram-confirm" type="button">Confirm</button><script>${script}</script>`,
    );
  }, idleMs);
  return {
    url: server.url,
    addBot: (bot) => bots.set(bot.id, bot),
    signInAs: (next) => {
      user = next;
    },
    requests,
    close: server.close,
  };
}
