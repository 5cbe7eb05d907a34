import {
  type ConditionSet,
  type ConditionSetItem,
  type ConditionSetItemsPage,
  policyLimits,
} from '@latchkey/protocol';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import type { Database } from '../../storage/schema.ts';
import { type OwnerColumns, ownedResource, type WriteScope } from './owners.ts';
import { isResourceId, newResourceId, nowMs } from './policy-store.ts';
import type { PolicyConditionSetItemsTable, PolicyConditionSetsTable } from './tables.ts';

/*
 * Condition sets (REFERENCES §1.1): named lists of values that `in_condition_set` conditions test
 * against, edited without touching the policies that use them. A value is in a set once; items
 * page in (created_at, id) order.
 */

export const conditionSetNotFound = () => new ApiError('not_found', 'Condition set not found.');
const itemNotFound = () => new ApiError('not_found', 'Condition set item not found.');

export const toWireConditionSet = (row: Selectable<PolicyConditionSetsTable>): ConditionSet => ({
  id: row.id,
  name: row.name,
  owner_id: row.owner_id,
  created_at: Number(row.created_at),
});

const toWireItem = (row: Selectable<PolicyConditionSetItemsTable>): ConditionSetItem => ({
  id: row.id,
  condition_set_id: row.condition_set_id,
  value: row.value,
  created_at: Number(row.created_at),
});

export async function createConditionSet(
  ctx: ServerContext,
  appId: string,
  name: string,
  owner: OwnerColumns,
): Promise<ConditionSet> {
  const at = nowMs(ctx);
  const row = { id: newResourceId(), app_id: appId, name, ...owner, created_at: at, updated_at: at };
  await ctx.db.insertInto('policy_condition_sets').values(row).execute();
  return toWireConditionSet(row);
}

export async function requireConditionSet(
  ctx: ServerContext,
  appId: string,
  id: string | undefined,
): Promise<ConditionSet> {
  const row = isResourceId(id)
    ? await ctx.db
        .selectFrom('policy_condition_sets')
        .selectAll()
        .where('app_id', '=', appId)
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw conditionSetNotFound();
  return toWireConditionSet(row);
}

/** Why a write with `unownedOnly` changed nothing: the set is gone (404), or has an owner now. */
async function refusedWrite(ctx: ServerContext, appId: string, id: string): Promise<never> {
  await requireConditionSet(ctx, appId, id);
  throw ownedResource('condition set');
}

export async function updateConditionSet(
  ctx: ServerContext,
  appId: string,
  id: string,
  change: { name?: string | undefined; owner?: OwnerColumns | undefined },
  scope: WriteScope = {},
): Promise<ConditionSet> {
  let update = ctx.db
    .updateTable('policy_condition_sets')
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.owner ?? {}),
      updated_at: nowMs(ctx),
    })
    .where('app_id', '=', appId)
    .where('id', '=', id);
  if (scope.unownedOnly) update = update.where('owner_id', 'is', null);
  const { numUpdatedRows } = await update.executeTakeFirst();
  if (scope.unownedOnly && Number(numUpdatedRows) === 0) await refusedWrite(ctx, appId, id);
  return requireConditionSet(ctx, appId, id);
}

export async function deleteConditionSet(
  ctx: ServerContext,
  appId: string,
  id: string,
  scope: WriteScope = {},
): Promise<void> {
  let deletion = ctx.db.deleteFrom('policy_condition_sets').where('app_id', '=', appId).where('id', '=', id);
  if (scope.unownedOnly) deletion = deletion.where('owner_id', 'is', null);
  const { numDeletedRows } = await deletion.executeTakeFirst();
  if (scope.unownedOnly && Number(numDeletedRows) === 0) await refusedWrite(ctx, appId, id);
}

/** The distinct values of a request, in order. */
const distinct = (values: readonly string[]) => [...new Set(values)];

async function itemsWithValues(db: Kysely<Database>, setId: string, values: readonly string[]) {
  if (values.length === 0) return [];
  const rows = await db
    .selectFrom('policy_condition_set_items')
    .selectAll()
    .where('condition_set_id', '=', setId)
    .where('value', 'in', [...values])
    .execute();
  const byValue = new Map(rows.map((row) => [row.value, toWireItem(row)]));
  return values.flatMap((value) => byValue.get(value) ?? []);
}

/**
 * Adds values to a set (at most 100 per call; a value already there stays as it was) and returns
 * the items of the values given. Runs in one transaction holding the set, so the set's ceiling holds.
 */
export async function addConditionSetItems(
  ctx: ServerContext,
  appId: string,
  setId: string,
  values: readonly string[],
  options: WriteScope & { replace?: boolean } = {},
): Promise<ConditionSetItem[]> {
  const wanted = distinct(values);
  return ctx.db.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('policy_condition_sets').select(['id', 'owner_id']).where('id', '=', setId);
    if (ctx.dialect === 'postgres') lock = lock.forUpdate();
    const set = await lock.executeTakeFirst();
    if (!set) throw conditionSetNotFound();
    if (options.unownedOnly && set.owner_id !== null) throw ownedResource('condition set');
    const replace = options.replace === true;
    if (replace)
      await trx.deleteFrom('policy_condition_set_items').where('condition_set_id', '=', setId).execute();
    const existing = new Set((await itemsWithValues(trx, setId, wanted)).map((item) => item.value));
    const fresh = wanted.filter((value) => !existing.has(value));
    const { count } = await trx
      .selectFrom('policy_condition_set_items')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('condition_set_id', '=', setId)
      .executeTakeFirstOrThrow();
    if (Number(count) + fresh.length > policyLimits.itemsPerSet)
      throw new ApiError('invalid_data', `A condition set holds at most ${policyLimits.itemsPerSet} items.`);
    const at = nowMs(ctx);
    if (fresh.length > 0)
      await trx
        .insertInto('policy_condition_set_items')
        .values(
          fresh.map((value) => ({
            id: newResourceId(),
            app_id: appId,
            condition_set_id: setId,
            value,
            created_at: at,
          })),
        )
        .execute();
    return itemsWithValues(trx, setId, wanted);
  });
}

const encodeCursor = (item: { created_at: number; id: string }) =>
  Buffer.from(`${item.created_at}:${item.id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: number; id: string } {
  const match = /^([0-9]{1,15}):([a-z0-9]{1,64})$/.exec(
    Buffer.from(cursor.slice(0, 128), 'base64url').toString('latin1'),
  );
  if (!match) throw new ApiError('invalid_data', 'Invalid cursor.');
  return { createdAt: Number(match[1]), id: match[2]! };
}

/** A page of a set's items; `query` keeps the values that contain it (exact, case-sensitive). */
export async function listConditionSetItems(
  ctx: ServerContext,
  setId: string,
  options: { cursor?: string | undefined; limit: number; query?: string | undefined },
): Promise<ConditionSetItemsPage> {
  let query = ctx.db
    .selectFrom('policy_condition_set_items')
    .selectAll()
    .where('condition_set_id', '=', setId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(options.limit + 1);
  if (options.query) {
    const needle = options.query;
    query = query.where(
      ctx.dialect === 'postgres'
        ? sql<boolean>`strpos(value, ${needle}) > 0`
        : sql<boolean>`instr(value, ${needle}) > 0`,
    );
  }
  if (options.cursor) {
    const after = decodeCursor(options.cursor);
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '>', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  const rows = await query.execute();
  const items = rows.slice(0, options.limit).map(toWireItem);
  const last = items[items.length - 1];
  return { items, next_cursor: rows.length > options.limit && last ? encodeCursor(last) : null };
}

export async function requireConditionSetItem(
  ctx: ServerContext,
  setId: string,
  itemId: string | undefined,
): Promise<ConditionSetItem> {
  const row = isResourceId(itemId)
    ? await ctx.db
        .selectFrom('policy_condition_set_items')
        .selectAll()
        .where('condition_set_id', '=', setId)
        .where('id', '=', itemId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw itemNotFound();
  return toWireItem(row);
}

export async function deleteConditionSetItem(
  ctx: ServerContext,
  setId: string,
  itemId: string,
  scope: WriteScope = {},
): Promise<void> {
  let deletion = ctx.db
    .deleteFrom('policy_condition_set_items')
    .where('condition_set_id', '=', setId)
    .where('id', '=', itemId);
  if (scope.unownedOnly)
    deletion = deletion.where('condition_set_id', 'in', (eb) =>
      eb
        .selectFrom('policy_condition_sets')
        .select('id')
        .where('id', '=', setId)
        .where('owner_id', 'is', null),
    );
  const { numDeletedRows } = await deletion.executeTakeFirst();
  if (scope.unownedOnly && Number(numDeletedRows) === 0) {
    await requireConditionSetItem(ctx, setId, itemId);
    throw ownedResource('condition set');
  }
}

/** The values of the app's sets by id, for the engine (`EvaluationContext.conditionSets`). */
export async function conditionSetValues(
  db: Kysely<Database>,
  appId: string,
  ids: ReadonlySet<string>,
): Promise<Map<string, string[]>> {
  const wanted = [...ids].filter((id) => isResourceId(id));
  const sets = new Map<string, string[]>();
  if (wanted.length === 0) return sets;
  const known = await db
    .selectFrom('policy_condition_sets')
    .select('id')
    .where('app_id', '=', appId)
    .where('id', 'in', wanted)
    .execute();
  for (const { id } of known) sets.set(id, []);
  if (sets.size === 0) return sets;
  const items = await db
    .selectFrom('policy_condition_set_items')
    .select(['condition_set_id', 'value'])
    .where('condition_set_id', 'in', [...sets.keys()])
    .execute();
  for (const item of items) sets.get(item.condition_set_id)?.push(item.value);
  return sets;
}
