import { type Address, getAddress, isAddress } from 'viem';
import { ApiError } from '../http/api-error.ts';
import { clockSkewSeconds, parseSignInMessage, type SignInMessage } from '../wallets/sign-in-message.ts';

/**
 * Sign In With Farcaster (FIP-11): an EIP-4361 message with a fixed statement, Optimism's chain id
 * and one resource naming the fid (REFERENCES §2.1). Parsed strictly by the SIWE parser, then held
 * to what makes it a Farcaster sign-in; `checkSiwfMessage` then holds it to the login at hand.
 */

/** `Farcaster Auth` today; `Farcaster Connect` is what clients wrote before, still accepted. */
export const siwfStatements: readonly string[] = ['Farcaster Auth', 'Farcaster Connect'];

/** The registries live on Optimism: the message names its chain id. */
export const siwfChainId = 10;

/**
 * The fid resource: `farcaster://fid/<fid>` as the reference client writes it, or FIP-11's own
 * spelling `farcaster://fids/<fid>`.
 */
const fidResource = /^farcaster:\/\/fids?\/([1-9]\d{0,15})\/?$/;

export interface SiwfMessage {
  fields: SignInMessage;
  /** The signer, checksummed. */
  address: Address;
  /** The fid its resource names. */
  fid: number;
  /** Unix seconds. */
  issuedAt: number;
  expiresAt?: number;
  notBefore?: number;
}

const notSiwf = (detail: string) =>
  new ApiError('invalid_data', `Invalid Sign In With Farcaster message: ${detail}.`);
const refused = (message: string) => new ApiError('invalid_credentials', message);

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function seconds(value: string, name: string): number {
  const ms = dateTime.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw notSiwf(`${name} must be an ISO 8601 date-time`);
  return Math.floor(ms / 1000);
}

/**
 * Reads a SIWF message: malformed text, or a sign-in that is not a Farcaster one (statement, chain
 * id, resources), is invalid_data.
 */
export function parseSiwfMessage(text: string): SiwfMessage {
  const fields = parseSignInMessage(text, 'Ethereum');
  if (fields.version !== '1') throw notSiwf(`unsupported Version ${fields.version}; only 1 is`);
  if (!isAddress(fields.address, { strict: false })) throw notSiwf('the address is not an Ethereum address');
  if (fields.statement === undefined || !siwfStatements.includes(fields.statement))
    throw notSiwf(`the statement must be '${siwfStatements[0]}'`);
  if (fields.chainId !== String(siwfChainId)) throw notSiwf(`the Chain ID must be ${siwfChainId} (Optimism)`);
  if (fields.resources.length !== 1)
    throw notSiwf('it must carry exactly one resource, farcaster://fid/<fid>');
  const fid = fidResource.exec(fields.resources[0]!)?.[1];
  if (fid === undefined || !Number.isSafeInteger(Number(fid)))
    throw notSiwf('its resource must be farcaster://fid/<fid>');
  try {
    new URL(fields.uri);
  } catch {
    throw notSiwf('URI is not a valid URI');
  }
  const message: SiwfMessage = {
    fields,
    address: getAddress(fields.address),
    fid: Number(fid),
    issuedAt: seconds(fields.issuedAt, 'Issued At'),
  };
  if (fields.expirationTime) message.expiresAt = seconds(fields.expirationTime, 'Expiration Time');
  if (fields.notBefore) message.notBefore = seconds(fields.notBefore, 'Not Before');
  return message;
}

/** What the login at hand expects of the message. */
export interface SiwfExpectation {
  /** The fid the request names. */
  fid: number;
  /** The nonce the server issued (the channel's, or the v2 init's). */
  nonce: string;
  /** Whether the message's domain is the one the sign-in was asked for. */
  domainAllowed(domain: string): boolean;
  /** Unix seconds. */
  now: number;
}

/**
 * Holds a parsed message to the login at hand: the fid the request names, the issued nonce, the
 * expected domain, and the clock (issued, not expired, already valid). Each refusal is
 * invalid_credentials with what did not match.
 */
export function checkSiwfMessage(message: SiwfMessage, expected: SiwfExpectation): void {
  if (message.fid !== expected.fid)
    throw refused(`The message is for fid ${message.fid}, not the fid ${expected.fid} of the request.`);
  if (message.fields.nonce !== expected.nonce) throw refused('Invalid or expired nonce.');
  if (!expected.domainAllowed(message.fields.domain))
    throw refused('The message domain is not the one this sign-in was requested for.');
  const { now } = expected;
  if (message.issuedAt > now + clockSkewSeconds) throw refused('The message Issued At is in the future.');
  if (message.expiresAt !== undefined && message.expiresAt <= now) throw refused('The message has expired.');
  if (message.notBefore !== undefined && message.notBefore > now + clockSkewSeconds)
    throw refused('The message is not valid yet.');
}
