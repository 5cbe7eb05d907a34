import type { KeyObject } from 'node:crypto';
import { bareUserId, type KeyQuorum, type KeyQuorumRequest, serverWalletLimits } from '@latchkey/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';
import { importAuthorizationKey } from './authorization.ts';
import type { KeyQuorumsTable } from './tables.ts';

/**
 * Key quorums (REFERENCES §1.1, §1.6): P-256 authorization keys, users and other quorums (one level
 * deep), of which `authorization_threshold` must sign. A wallet's or policy's `owner: {public_key}` or
 * `{user_id}` becomes an implicit one-member quorum, so authorization has one shape to check.
 */

export type KeyQuorumRow = Selectable<KeyQuorumsTable>;

interface StoredKey {
  public_key: string;
  display_name: string | null;
}

const parseList = <T>(json: string): T[] => JSON.parse(json) as T[];

export function keyQuorumView(row: KeyQuorumRow): KeyQuorum {
  const userIds = parseList<string>(row.user_ids);
  const nested = parseList<string>(row.key_quorum_ids);
  return {
    id: row.id,
    display_name: row.display_name,
    authorization_threshold: row.authorization_threshold,
    authorization_keys: parseList<StoredKey>(row.authorization_keys),
    user_ids: userIds.length > 0 ? userIds : null,
    ...(nested.length > 0 ? { key_quorum_ids: nested } : {}),
  };
}

const pemBody = /^-----BEGIN PUBLIC KEY-----([A-Za-z0-9+/=\s]+)-----END PUBLIC KEY-----\s*$/;

/**
 * An authorization key in the one form the server stores and compares: base64 of its SPKI DER. Takes
 * that form, `wallet-auth:` before it, or a PEM block in its standard form (spec document 2 §5).
 */
export function canonicalAuthorizationKey(text: string): string | null {
  const trimmed = text.trim();
  const pem = pemBody.exec(trimmed);
  const base64 = pem ? pem[1]!.replace(/\s+/g, '') : trimmed;
  const key = importAuthorizationKey(base64);
  return key ? key.export({ format: 'der', type: 'spki' }).toString('base64') : null;
}

/** Public keys parsed once: a signed request checks the same few keys again and again. */
const keyCache = new Map<string, KeyObject>();
const keyCacheMax = 10_000;

export function authorizationKeyObject(canonical: string): KeyObject {
  const cached = keyCache.get(canonical);
  if (cached) return cached;
  const key = importAuthorizationKey(canonical);
  if (!key) throw new Error('A stored authorization key does not parse');
  if (keyCache.size >= keyCacheMax) keyCache.clear();
  keyCache.set(canonical, key);
  return key;
}

const invalid = (message: string) => new ApiError('invalid_data', message);

interface Members {
  keys: StoredKey[];
  userIds: string[];
  quorumIds: string[];
}

async function checkMembers(db: Kysely<Database>, appId: string, input: KeyQuorumRequest): Promise<Members> {
  const keys: StoredKey[] = [];
  for (const text of input.public_keys ?? []) {
    const canonical = canonicalAuthorizationKey(text);
    if (!canonical) throw invalid('public_keys: each must be a P-256 public key (base64 SPKI or PEM)');
    if (!keys.some((key) => key.public_key === canonical))
      keys.push({ public_key: canonical, display_name: null });
  }
  // Users as the API names them (`did:privy:…`) or bare, stored bare.
  const userIds = [...new Set((input.user_ids ?? []).map(bareUserId))];
  if (userIds.length > 0) {
    const found = await db
      .selectFrom('users')
      .select('id')
      .where('app_id', '=', appId)
      .where('id', 'in', userIds)
      .execute();
    if (found.length !== userIds.length) throw invalid('user_ids: every user must be a user of this app');
  }
  const quorumIds = [...new Set(input.key_quorum_ids ?? [])];
  if (quorumIds.length > 0) {
    const found = await db
      .selectFrom('key_quorums')
      .select(['id', 'key_quorum_ids'])
      .where('app_id', '=', appId)
      .where('id', 'in', quorumIds)
      .execute();
    if (found.length !== quorumIds.length)
      throw invalid('key_quorum_ids: every quorum must exist in this app');
    if (found.some((row) => parseList<string>(row.key_quorum_ids).length > 0))
      throw invalid('key_quorum_ids: quorums nest one level deep only');
  }
  const count = keys.length + userIds.length + quorumIds.length;
  if (count > serverWalletLimits.quorumMaxMembers)
    throw invalid(`A key quorum has at most ${serverWalletLimits.quorumMaxMembers} members`);
  return { keys, userIds, quorumIds };
}

function checkThreshold(threshold: number | undefined | null, members: number): void {
  if (threshold === undefined || threshold === null) return;
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > members)
    throw invalid('authorization_threshold must be between 1 and the number of keys');
}

/** Creates a quorum; `implicit` for one made from an `owner` object (not listed on its own). */
export async function createKeyQuorum(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  input: KeyQuorumRequest,
  options: { implicit?: boolean; db?: Kysely<Database> } = {},
): Promise<KeyQuorumRow> {
  const db = options.db ?? ctx.db;
  if (input.public_keys !== undefined && input.public_keys.length === 0)
    throw invalid('public_keys must have at least 1 key');
  if (input.user_ids !== undefined && input.user_ids.length === 0)
    throw invalid('user_ids must have at least 1 user');
  if (!input.public_keys?.length && !input.user_ids?.length && !input.key_quorum_ids?.length)
    throw invalid('A key quorum needs user_ids or public_keys');
  const members = await checkMembers(db, appId, input);
  checkThreshold(
    input.authorization_threshold,
    members.keys.length + members.userIds.length + members.quorumIds.length,
  );
  const row: KeyQuorumRow = {
    id: randomId(),
    app_id: appId,
    display_name: input.display_name ?? null,
    authorization_threshold: input.authorization_threshold ?? null,
    authorization_keys: JSON.stringify(members.keys),
    user_ids: JSON.stringify(members.userIds),
    key_quorum_ids: JSON.stringify(members.quorumIds),
    implicit: options.implicit ? 1 : 0,
    created_at: Date.now(),
  };
  await db.insertInto('key_quorums').values(row).execute();
  return row;
}

export async function loadKeyQuorum(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  id: string,
  db: Kysely<Database> = ctx.db,
): Promise<KeyQuorumRow> {
  const row = await db
    .selectFrom('key_quorums')
    .selectAll()
    .where('app_id', '=', appId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', 'Key quorum not found.');
  return row;
}

/** `PATCH /key_quorums/:id`: the fields given replace the stored ones; the threshold is checked against the result. */
export async function updateKeyQuorum(
  ctx: Pick<ServerContext, 'db'>,
  row: KeyQuorumRow,
  input: KeyQuorumRequest,
): Promise<KeyQuorumRow> {
  if (Object.keys(input).length === 0) throw invalid('An update needs at least one field');
  const current = keyQuorumView(row);
  const merged: KeyQuorumRequest = {
    public_keys: input.public_keys ?? current.authorization_keys.map((key) => key.public_key),
    user_ids: input.user_ids ?? current.user_ids ?? [],
    key_quorum_ids: input.key_quorum_ids ?? current.key_quorum_ids ?? [],
  };
  if ((merged.key_quorum_ids ?? []).includes(row.id)) throw invalid('A key quorum cannot contain itself');
  const members = await checkMembers(ctx.db, row.app_id, merged);
  const total = members.keys.length + members.userIds.length + members.quorumIds.length;
  if (total === 0) throw invalid('A key quorum needs user_ids or public_keys');
  const threshold =
    input.authorization_threshold !== undefined ? input.authorization_threshold : row.authorization_threshold;
  checkThreshold(threshold, total);
  const updated: KeyQuorumRow = {
    ...row,
    display_name: input.display_name !== undefined ? input.display_name : row.display_name,
    authorization_threshold: threshold,
    authorization_keys: JSON.stringify(members.keys),
    user_ids: JSON.stringify(members.userIds),
    key_quorum_ids: JSON.stringify(members.quorumIds),
  };
  await ctx.db
    .updateTable('key_quorums')
    .set({
      display_name: updated.display_name,
      authorization_threshold: updated.authorization_threshold,
      authorization_keys: updated.authorization_keys,
      user_ids: updated.user_ids,
      key_quorum_ids: updated.key_quorum_ids,
    })
    .where('id', '=', row.id)
    .execute();
  return updated;
}

/**
 * Deletes a quorum no wallet is owned or signed by, and no other quorum names: otherwise
 * `authorization_key_has_associated_wallets`, since deleting it would lock the wallets out or open them.
 */
export async function deleteKeyQuorum(ctx: Pick<ServerContext, 'db'>, row: KeyQuorumRow): Promise<void> {
  const owned = await ctx.db
    .selectFrom('server_wallets')
    .select('id')
    .where('app_id', '=', row.app_id)
    .where((eb) => eb.or([eb('owner_id', '=', row.id), eb('additional_signers', 'like', `%"${row.id}"%`)]))
    .executeTakeFirst();
  const nesting = await ctx.db
    .selectFrom('key_quorums')
    .select('id')
    .where('app_id', '=', row.app_id)
    .where('key_quorum_ids', 'like', `%"${row.id}"%`)
    .executeTakeFirst();
  if (owned || nesting)
    throw new ApiError(
      'authorization_key_has_associated_wallets',
      'This key quorum still owns or signs for wallets.',
    );
  await ctx.db.deleteFrom('key_quorums').where('id', '=', row.id).execute();
}
