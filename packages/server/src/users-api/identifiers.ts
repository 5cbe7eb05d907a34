import { normaliseEmail } from '../codes/email-address.ts';
import { normalisePhone } from '../codes/phone-number.ts';
import { ApiError } from '../http/api-error.ts';
import { parseSolanaAddress } from '../wallets/addresses.ts';

/*
 * The users API's inputs turned into the account identifiers login stores (accounts/
 * account-record.ts): emails lower-cased, phone numbers E.164, Ethereum addresses lower-cased
 * (any case is accepted: a lookup is not a proof, so no EIP-55 check), Solana addresses as given.
 */

export const emailIdentifier = (input: string, field = 'address'): string => normaliseEmail(input, field);

export const phoneIdentifier = (input: string): string => normalisePhone(input).e164;

const ethereum = /^0x[0-9a-fA-F]{40}$/;

/** An Ethereum (any case) or Solana address, as the `wallet` identifier; else `invalid_data`. */
export function walletIdentifier(input: string): string {
  const address = input.trim();
  if (ethereum.test(address)) return address.toLowerCase();
  return parseSolanaAddress(address).identifier;
}

/** A smart wallet is an Ethereum contract account. */
export function smartWalletIdentifier(input: string): string {
  const address = input.trim();
  if (!ethereum.test(address)) throw new ApiError('invalid_data', 'Invalid Ethereum address');
  return address.toLowerCase();
}

/** A Farcaster id: a positive integer, stored as its decimal string. */
export function fidIdentifier(fid: number): string {
  if (!Number.isSafeInteger(fid) || fid <= 0) throw new ApiError('invalid_data', 'Invalid fid');
  return String(fid);
}

/** A Telegram user id: a positive integer, as a decimal string (the wire sends a string). */
export function telegramIdIdentifier(input: string | number): string {
  const id = String(input).trim();
  if (!/^[1-9][0-9]{0,19}$/.test(id)) throw new ApiError('invalid_data', 'Invalid telegram_user_id');
  return id;
}

/** A username as the lookups compare it: trimmed, without a leading `@`, lower-cased. */
export function usernameKey(input: string): string {
  const name = input.trim().replace(/^@/, '').toLowerCase();
  if (name.length === 0 || name.length > 256) throw new ApiError('invalid_data', 'Invalid username');
  return name;
}
