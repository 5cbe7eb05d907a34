import type {
  Policy,
  PolicyAuditAction,
  PolicyAuditEntry,
  PolicyAuditPage,
  PolicyChainType,
  PolicyRule,
  PolicyRuleInput,
} from '@latchkey/protocol';
import type { Kysely, Selectable } from 'kysely';
import type { ServerContext } from '../../context.ts';
import { randomId } from '../../crypto/random.ts';
import { ApiError } from '../../http/api-error.ts';
import { compiledQuery } from '../../storage/compiled-query.ts';
import type { Database } from '../../storage/schema.ts';
import type { OwnerColumns } from './owners.ts';
import type { WalletPoliciesTable } from './tables.ts';
import type { References } from './validate.ts';

/*
 * Policies and their rules in storage, and their change log. Every change runs in one transaction
 * that holds the policy's row (PostgreSQL `FOR UPDATE`; SQLite runs one write transaction at a
 * time), so two rule edits never lose one another, and writes its audit entry with the revision it
 * made: the log's order and the policy's version number.
 */

/** Times on the wire are Unix milliseconds; the context's clock is in seconds (tests move it). */
export const nowMs = (ctx: ServerContext): number => ctx.now() * 1000;

/** Ids of policies, rules, condition sets and aggregations: 24 characters, as the incumbent's. */
export const newResourceId = (): string => randomId(24);

/** Path ids: anything else names nothing (and never reaches a query). */
export const isResourceId = (id: string | undefined): id is string => !!id && /^[a-z0-9]{1,64}$/.test(id);

export const policyNotFound = () => new ApiError('not_found', 'Policy not found.');

export function toWirePolicy(row: Selectable<WalletPoliciesTable>): Policy {
  return {
    id: row.id,
    version: '1.0',
    name: row.name,
    chain_type: row.chain_type as PolicyChainType,
    rules: JSON.parse(row.rules) as PolicyRule[],
    owner_id: row.owner_id,
    created_at: Number(row.created_at),
  };
}

export async function loadPolicyRow(db: Kysely<Database>, appId: string, id: string | undefined) {
  if (!isResourceId(id)) return undefined;
  return db
    .selectFrom('wallet_policies')
    .selectAll()
    .where('app_id', '=', appId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The app's policy, or 404. */
export async function requirePolicy(
  ctx: ServerContext,
  appId: string,
  id: string | undefined,
): Promise<Policy> {
  const row = await loadPolicyRow(ctx.db, appId, id);
  if (!row) throw policyNotFound();
  return toWirePolicy(row);
}

const policyById = compiledQuery((db, a: { appId: string; id: string }) =>
  db.selectFrom('wallet_policies').selectAll().where('app_id', '=', a.appId).where('id', '=', a.id),
);

/** The app's policies by id (missing ones left out), in the order asked. */
export async function loadPolicies(
  db: Kysely<Database>,
  appId: string,
  ids: readonly string[],
): Promise<Policy[]> {
  const wanted = ids.filter((id) => isResourceId(id));
  if (wanted.length === 0) return [];
  // A wallet has at most one policy: its lookup is built once; a signer's override adds none.
  const rows =
    wanted.length === 1
      ? await policyById(db, { appId, id: wanted[0]! })
      : await db
          .selectFrom('wallet_policies')
          .selectAll()
          .where('app_id', '=', appId)
          .where('id', 'in', wanted)
          .execute();
  const byId = new Map(rows.map((row) => [row.id, toWirePolicy(row)]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/** Condition sets and aggregations a rule names must be the app's own. */
export async function assertReferences(
  db: Kysely<Database>,
  appId: string,
  references: References,
): Promise<void> {
  const check = async (
    table: 'policy_condition_sets' | 'policy_aggregations',
    ids: Set<string>,
    what: string,
  ) => {
    if (ids.size === 0) return;
    const found = await db
      .selectFrom(table)
      .select('id')
      .where('app_id', '=', appId)
      .where('id', 'in', [...ids])
      .execute();
    const known = new Set(found.map((r) => r.id));
    const missing = [...ids].find((id) => !known.has(id));
    if (missing !== undefined)
      throw new ApiError('invalid_policy_format', `Invalid rules: ${what} ${missing} does not exist.`);
  };
  await check('policy_condition_sets', references.conditionSets, 'condition set');
  await check('policy_aggregations', references.aggregations, 'aggregation');
}

export const withRuleIds = (rules: readonly PolicyRuleInput[]): PolicyRule[] =>
  rules.map((rule) => ({ id: newResourceId(), ...rule }));

interface AuditWrite {
  action: PolicyAuditAction;
  rule_id: string | null;
  before: unknown;
  after: unknown;
}

async function appendAudit(
  trx: Kysely<Database>,
  appId: string,
  policyId: string,
  revision: number,
  entry: AuditWrite,
  actor: string,
  at: number,
): Promise<void> {
  await trx
    .insertInto('policy_audit_log')
    .values({
      id: newResourceId(),
      app_id: appId,
      policy_id: policyId,
      revision,
      action: entry.action,
      rule_id: entry.rule_id,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      actor,
      created_at: at,
    })
    .execute();
}

export async function createPolicy(
  ctx: ServerContext,
  appId: string,
  input: { name: string; chain_type: PolicyChainType; rules: readonly PolicyRuleInput[] },
  owner: OwnerColumns,
  actor: string,
): Promise<Policy> {
  const at = nowMs(ctx);
  const row = {
    id: newResourceId(),
    app_id: appId,
    version: '1.0',
    name: input.name,
    chain_type: input.chain_type,
    rules: JSON.stringify(withRuleIds(input.rules)),
    owner_id: owner.owner_id,
    owner: owner.owner,
    revision: 1,
    created_at: at,
    updated_at: at,
  };
  const policy = toWirePolicy(row);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('wallet_policies').values(row).execute();
    await appendAudit(
      trx,
      appId,
      row.id,
      1,
      { action: 'policy.created', rule_id: null, before: null, after: policy },
      actor,
      at,
    );
  });
  return policy;
}

/** What a change does to the policy: its new state (null: deleted), its audit entry, and its answer. */
export interface PolicyChange<T> {
  next: { policy: Policy; owner?: OwnerColumns } | null;
  audit: AuditWrite;
  result: T;
}

/**
 * Applies `change` to the current policy inside one transaction holding its row: the new rules and
 * name (or the deletion), and the audit entry of the revision it makes. 404 when the policy is gone.
 */
export async function changePolicy<T>(
  ctx: ServerContext,
  appId: string,
  policyId: string,
  actor: string,
  change: (current: Policy) => PolicyChange<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('wallet_policies')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', policyId);
    if (ctx.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw policyNotFound();
    const { next, audit, result } = change(toWirePolicy(row));
    const revision = row.revision + 1;
    const at = nowMs(ctx);
    if (next === null) await trx.deleteFrom('wallet_policies').where('id', '=', policyId).execute();
    else
      await trx
        .updateTable('wallet_policies')
        .set({
          name: next.policy.name,
          rules: JSON.stringify(next.policy.rules),
          ...(next.owner ?? {}),
          revision,
          updated_at: at,
        })
        .where('id', '=', policyId)
        .execute();
    await appendAudit(trx, appId, policyId, revision, audit, actor, at);
    return result;
  });
}

export const ruleNotFound = () => new ApiError('not_found', 'Rule not found.');

/** The rule of a policy, or 404. */
export function findRule(policy: Policy, ruleId: string | undefined): PolicyRule {
  const rule = policy.rules.find((r) => r.id === ruleId);
  if (!rule) throw ruleNotFound();
  return rule;
}

const encodeRevision = (revision: number) => Buffer.from(`r${revision}`).toString('base64url');
function decodeRevision(cursor: string): number {
  const match = /^r([0-9]{1,9})$/.exec(Buffer.from(cursor.slice(0, 32), 'base64url').toString('latin1'));
  if (!match) throw new ApiError('invalid_data', 'Invalid cursor.');
  return Number(match[1]);
}

/**
 * The policy's change log, newest first (`?cursor=&limit=`). A deleted policy's log is still read
 * (its last entry is the deletion); a policy that never existed is 404.
 */
export async function policyAudit(
  ctx: ServerContext,
  appId: string,
  policyId: string | undefined,
  options: { cursor?: string | undefined; limit: number },
): Promise<PolicyAuditPage> {
  if (!isResourceId(policyId)) throw policyNotFound();
  let query = ctx.db
    .selectFrom('policy_audit_log')
    .selectAll()
    .where('app_id', '=', appId)
    .where('policy_id', '=', policyId)
    .orderBy('revision', 'desc')
    .limit(options.limit + 1);
  if (options.cursor) query = query.where('revision', '<', decodeRevision(options.cursor));
  const rows = await query.execute();
  if (rows.length === 0 && !options.cursor) throw policyNotFound();
  const page = rows.slice(0, options.limit);
  const data: PolicyAuditEntry[] = page.map((row) => ({
    id: row.id,
    policy_id: row.policy_id,
    revision: row.revision,
    action: row.action as PolicyAuditAction,
    rule_id: row.rule_id,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    actor: row.actor,
    created_at: Number(row.created_at),
  }));
  const last = page[page.length - 1];
  return { data, next_cursor: rows.length > options.limit && last ? encodeRevision(last.revision) : null };
}
