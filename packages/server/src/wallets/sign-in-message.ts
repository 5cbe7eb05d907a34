import { loginMessageMaxLength, siweStatement, siwsStatement } from '@latchkey/protocol';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { isAllowedOrigin } from '../http/origin.ts';
import type { WalletAddress } from './addresses.ts';
import { findNonce, type IssuedNonce } from './nonces.ts';

/** Clock difference tolerated between the wallet's device and the server, in seconds. */
export const clockSkewSeconds = 5 * 60;

/** The fields of an EIP-4361 message (or its Solana variant), as written in it. */
export interface SignInMessage {
  scheme?: string;
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources: string[];
}

const malformed = (detail: string) => new ApiError('invalid_data', `Invalid sign-in message: ${detail}.`);

/**
 * Parses the EIP-4361 layout strictly, line by line: every line must be where the standard puts
 * it and nothing else may appear, so what the wallet showed the user is exactly what is checked.
 * Malformed messages are invalid_data.
 */
export function parseSignInMessage(text: string, chain: 'Ethereum' | 'Solana'): SignInMessage {
  const lines = text.split('\n');
  let i = 0;
  const header = new RegExp(
    `^(?:([a-zA-Z][a-zA-Z0-9+.-]*)://)?(\\S+) wants you to sign in with your ${chain} account:$`,
  ).exec(lines[i++] ?? '');
  if (!header)
    throw malformed(`first line must be '{domain} wants you to sign in with your ${chain} account:'`);
  const address = lines[i++] ?? '';
  if (!address) throw malformed('missing address');
  if (lines[i++] !== '') throw malformed('expected an empty line after the address');
  let statement: string | undefined;
  // EIP-4361: `[ statement LF ] LF`. Also accept no blank line at all before URI when there is
  // no statement (the form viem and some wallets write).
  if (lines[i] === '') i++;
  else if (!lines[i]?.startsWith('URI: ')) {
    statement = lines[i++];
    if (lines[i++] !== '') throw malformed('expected an empty line after the statement');
  }
  const field = (name: string, required: boolean): string | undefined => {
    const line = lines[i];
    if (line?.startsWith(`${name}: `)) {
      i++;
      const value = line.slice(name.length + 2);
      if (!value) throw malformed(`empty ${name}`);
      return value;
    }
    if (required) throw malformed(`missing ${name}`);
    return undefined;
  };
  const uri = field('URI', true)!;
  const version = field('Version', true)!;
  const chainId = field('Chain ID', true)!;
  const nonce = field('Nonce', true)!;
  const issuedAt = field('Issued At', true)!;
  const expirationTime = field('Expiration Time', false);
  const notBefore = field('Not Before', false);
  const requestId = field('Request ID', false);
  const resources: string[] = [];
  if (lines[i] === 'Resources:') {
    i++;
    while (lines[i]?.startsWith('- ')) resources.push(lines[i++]!.slice(2));
  }
  if (i !== lines.length) throw malformed(`unexpected line ${i + 1}`);
  if (!/^[a-zA-Z0-9]{8,}$/.test(nonce)) throw malformed('the nonce must be 8 or more letters and digits');
  const message: SignInMessage = {
    domain: header[2]!,
    address,
    uri,
    version,
    chainId,
    nonce,
    issuedAt,
    resources,
  };
  if (header[1]) message.scheme = header[1];
  if (statement !== undefined) message.statement = statement;
  if (expirationTime !== undefined) message.expirationTime = expirationTime;
  if (notBefore !== undefined) message.notBefore = notBefore;
  if (requestId !== undefined) message.requestId = requestId;
  return message;
}

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** An RFC 3339 date-time as Unix seconds, or invalid_data. */
function seconds(value: string, name: string): number {
  const ms = dateTime.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw malformed(`${name} must be an ISO 8601 date-time`);
  return Math.floor(ms / 1000);
}

const refused = (message: string) => new ApiError('invalid_credentials', message);

export interface CheckOptions {
  /** The address the message names, already validated. */
  address: WalletAddress;
  /** `Chain ID` the message must carry ('mainnet' for Solana). Checked by the caller when undefined. */
  chainId?: string;
  /** The statement text the chain's clients write by default (always accepted). */
  defaultStatement: string;
  /** Extra domain/URI pair accepted besides the app's domains (the smart-wallet variant). */
  alsoAllow?: { domain: string; uri: string };
}

/**
 * Checks every field of a parsed message against the app and the clock, and returns the nonce it
 * names (still live; the caller spends it after the signature checks out). Structural problems are
 * invalid_data; a well-formed message the server will not accept is invalid_credentials.
 */
export async function checkSignInMessage(
  ctx: ServerContext,
  app: AppRecord,
  message: SignInMessage,
  options: CheckOptions,
): Promise<IssuedNonce> {
  if (message.version !== '1') throw malformed(`unsupported Version ${message.version}; only 1 is`);
  if (
    message.statement !== undefined &&
    message.statement !== options.defaultStatement &&
    message.statement.length > loginMessageMaxLength
  )
    throw malformed(`the statement is longer than ${loginMessageMaxLength} characters`);
  const issuedAt = seconds(message.issuedAt, 'Issued At');
  const expiresAt = message.expirationTime ? seconds(message.expirationTime, 'Expiration Time') : undefined;
  const notBefore = message.notBefore ? seconds(message.notBefore, 'Not Before') : undefined;
  let uri: URL;
  try {
    uri = new URL(message.uri);
  } catch {
    throw malformed('URI is not a valid URI');
  }

  if (message.scheme !== undefined && `${message.scheme.toLowerCase()}:` !== uri.protocol)
    throw refused('The message scheme does not match its URI.');
  if (options.chainId !== undefined && message.chainId !== options.chainId)
    throw refused(`The message Chain ID must be ${options.chainId}.`);

  const extra = options.alsoAllow;
  const extraMatch = extra !== undefined && message.domain === extra.domain && message.uri === extra.uri;
  if (!extraMatch) {
    if (!isAllowedDomain(app, message.domain))
      throw refused('The message domain is not allowed for this app.');
    if (!isAllowedOrigin(app, uri.origin)) throw refused('The message URI is not allowed for this app.');
  }

  const now = ctx.now();
  if (issuedAt > now + clockSkewSeconds) throw refused('The message Issued At is in the future.');
  if (expiresAt !== undefined && expiresAt <= now) throw refused('The message has expired.');
  if (notBefore !== undefined && notBefore > now + clockSkewSeconds)
    throw refused('The message is not valid yet.');

  const nonce = await findNonce(ctx, app, options.address, message.nonce);
  if (issuedAt < nonce.createdAt - clockSkewSeconds)
    throw refused('The message Issued At is earlier than its nonce.');
  return nonce;
}

/**
 * EIP-4361 `domain` is the host (and port) of the page asking for the signature: it must be the
 * host of one of the app's allowed domains (any host when the app lists none).
 */
export function isAllowedDomain(app: AppRecord, domain: string): boolean {
  if (app.config.allowed_domains.length === 0) return true;
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(domain)) return false;
  const host = domain.toLowerCase();
  return ['https', 'http'].some((scheme) => isAllowedOrigin(app, `${scheme}://${host}`));
}

export { siweStatement, siwsStatement };
