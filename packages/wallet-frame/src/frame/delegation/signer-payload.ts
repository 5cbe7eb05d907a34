import { fromBase64 } from '@latchkey/keys';
import { canonicalJson, serverWalletsApi } from '@latchkey/protocol';
import type { FrameConfig } from '../config.ts';
import { FrameError } from '../frame-error.ts';

/** Bounds the message before decoding it: a PATCH of 20 signers is a few kilobytes. */
const maxMessageChars = 64 * 1024;

/** `/api/v1/wallets/`, the path the one signable request's URL starts with. */
const walletPathPrefix = serverWalletsApi.walletUpdate.path.replace(':wallet_id', '');

const refused = () =>
  new FrameError(
    'invalid_request_arguments',
    "The user signer signs only a change of a wallet's additional_signers on this server",
  );

/**
 * The bytes the user's key signs, if `message` (base64 of a canonical authorization payload, WIRE.md
 * §7.4) is a request the frame signs: `PATCH <server>/api/v1/wallets/<id>` of this app whose body
 * holds `additional_signers` only (session signers). Anything else is refused, so a script on the
 * host page cannot use the frame to sign other requests with the user's key (move a wallet's owner,
 * sign a transaction). The payload must be exactly canonical: what is checked is what is signed.
 */
export function signablePayload(config: FrameConfig, message: unknown): Uint8Array {
  if (typeof message !== 'string' || message.length === 0 || message.length > maxMessageChars)
    throw new FrameError('invalid_request_arguments', 'Missing message');
  let bytes: Uint8Array;
  let payload: unknown;
  try {
    bytes = fromBase64(message);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    payload = JSON.parse(text);
    if (canonicalJson(payload) !== text) throw refused();
  } catch {
    throw refused();
  }
  if (!isSessionSignerChange(config, payload)) throw refused();
  return bytes;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSessionSignerChange(config: FrameConfig, payload: unknown): boolean {
  if (!isObject(payload)) return false;
  const { version, method, url, body, headers, ...rest } = payload;
  if (Object.keys(rest).length > 0 || version !== 1 || method !== 'PATCH') return false;
  const prefix = `${config.apiUrl.replace(/\/+$/, '')}${walletPathPrefix}`;
  if (typeof url !== 'string' || !url.startsWith(prefix)) return false;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(url.slice(prefix.length))) return false;
  if (!isObject(headers) || Object.keys(headers).join() !== 'privy-app-id') return false;
  if (headers['privy-app-id'] !== config.appId) return false;
  if (!isObject(body) || Object.keys(body).join() !== 'additional_signers') return false;
  const signers = body.additional_signers;
  return Array.isArray(signers) && signers.every((s) => isObject(s) && typeof s.signer_id === 'string');
}
