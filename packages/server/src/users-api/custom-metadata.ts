import { type CustomMetadata, usersApiLimits } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';

const { customMetadataMaxKeys, customMetadataMaxKeyLength, customMetadataMaxBytes } = usersApiLimits;

/** Keys that mean something to JavaScript objects: refused, so no consumer's merge can be steered. */
const reservedKeys = new Set(['__proto__', 'constructor', 'prototype']);

const invalid = (why: string) => new ApiError('invalid_data', `Invalid custom_metadata: ${why}`);

/**
 * Checks custom metadata (WIRE.md §4.1): a flat map of strings, finite numbers and booleans, at
 * most 50 keys of 1 to 64 characters and 1 KiB as compact JSON (`usersApiLimits`). Returns a
 * copy with only its own keys.
 */
export function parseCustomMetadata(value: unknown): CustomMetadata {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('not an object.');
  const entries = Object.entries(value);
  if (entries.length > customMetadataMaxKeys) throw invalid(`more than ${customMetadataMaxKeys} keys.`);
  for (const [key, item] of entries) {
    if (key.length === 0 || key.length > customMetadataMaxKeyLength)
      throw invalid(`keys are 1 to ${customMetadataMaxKeyLength} characters.`);
    if (reservedKeys.has(key)) throw invalid(`the key ${key} is reserved.`);
    const ok =
      typeof item === 'string' ||
      typeof item === 'boolean' ||
      (typeof item === 'number' && Number.isFinite(item));
    if (!ok) throw invalid(`the value of ${key} is not a string, number or boolean.`);
  }
  const metadata = Object.fromEntries(entries) as CustomMetadata;
  if (Buffer.byteLength(JSON.stringify(metadata)) > customMetadataMaxBytes)
    throw invalid(`larger than ${customMetadataMaxBytes} bytes as JSON.`);
  return metadata;
}

/** Stored as compact JSON; an empty map clears it (the user then has no `custom_metadata`). */
export const storedCustomMetadata = (metadata: CustomMetadata | undefined): string | null =>
  metadata && Object.keys(metadata).length > 0 ? JSON.stringify(metadata) : null;

/** Replaces a user's custom metadata (`POST /users/:id/custom_metadata` overwrites, as the incumbent's does). */
export async function setCustomMetadata(
  db: Kysely<Database>,
  appId: string,
  userId: string,
  metadata: CustomMetadata,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ custom_metadata: storedCustomMetadata(metadata) })
    .where('id', '=', userId)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
