import { randomBytes } from 'node:crypto';
import type { WebhookEndpoint, WebhookEndpointWithSecret, WebhookEventType } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';
import type { WebhookEndpointsTable } from './tables.ts';
import { checkEndpointUrl } from './webhook-url.ts';

/** An app has at most this many endpoints (each event is one delivery per endpoint). */
export const maxEndpointsPerApp = 20;

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The secret is sealed bound to its endpoint: moved to another row, it does not open. */
const sealContext = (endpointId: string) => `webhook-secret:${endpointId}`;

export function openEndpointSecret(
  ctx: Pick<ServerContext, 'secretBox'>,
  row: WebhookEndpointsTable,
): string {
  return Buffer.from(ctx.secretBox.open(row.secret_sealed, sealContext(row.id))).toString('utf8');
}

export function endpointView(row: WebhookEndpointsTable): WebhookEndpoint {
  return {
    id: row.id,
    app_id: row.app_id,
    url: row.url,
    event_types: row.event_types ? (JSON.parse(row.event_types) as WebhookEventType[]) : null,
    enabled: row.enabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Which endpoints an event type goes to: every type when `event_types` is null. */
export function subscribes(row: Pick<WebhookEndpointsTable, 'event_types'>, type: string): boolean {
  return row.event_types === null || (JSON.parse(row.event_types) as string[]).includes(type);
}

const eventTypesColumn = (types: WebhookEventType[] | null | undefined) =>
  types ? JSON.stringify([...new Set(types)]) : null;

export interface EndpointInput {
  url: string;
  event_types?: WebhookEventType[] | null | undefined;
  enabled?: boolean | undefined;
}

export async function createEndpoint(
  ctx: ServerContext,
  appId: string,
  input: EndpointInput,
): Promise<WebhookEndpointWithSecret> {
  const url = checkEndpointUrl(input.url, ctx.settings);
  const count = await ctx.db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('app_id', '=', appId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= maxEndpointsPerApp)
    throw new ApiError('invalid_data', `An app has at most ${maxEndpointsPerApp} webhook endpoints.`);
  const id = randomId(25);
  const secret = newWebhookSecret();
  const now = ctx.now();
  const row: WebhookEndpointsTable = {
    id,
    app_id: appId,
    url,
    event_types: eventTypesColumn(input.event_types),
    enabled: input.enabled === false ? 0 : 1,
    secret_sealed: ctx.secretBox.seal(Buffer.from(secret, 'utf8'), sealContext(id)),
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('webhook_endpoints').values(row).execute();
  return { ...endpointView(row), secret };
}

export async function listEndpoints(ctx: ServerContext, appId: string): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('app_id', '=', appId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(endpointView);
}

export async function loadEndpoint(
  ctx: ServerContext,
  appId: string,
  endpointId: string,
): Promise<WebhookEndpointsTable> {
  const row = await ctx.db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('app_id', '=', appId)
    .where('id', '=', endpointId.slice(0, 64))
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', 'Webhook endpoint not found.');
  return row;
}

export async function updateEndpoint(
  ctx: ServerContext,
  appId: string,
  endpointId: string,
  patch: Partial<EndpointInput>,
): Promise<WebhookEndpoint> {
  const row = await loadEndpoint(ctx, appId, endpointId);
  const next: WebhookEndpointsTable = {
    ...row,
    ...(patch.url !== undefined ? { url: checkEndpointUrl(patch.url, ctx.settings) } : {}),
    ...(patch.event_types !== undefined ? { event_types: eventTypesColumn(patch.event_types) } : {}),
    ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
    updated_at: ctx.now(),
  };
  await ctx.db
    .updateTable('webhook_endpoints')
    .set({ url: next.url, event_types: next.event_types, enabled: next.enabled, updated_at: next.updated_at })
    .where('id', '=', row.id)
    .execute();
  return endpointView(next);
}

/** Deletes the endpoint; its pending deliveries and their log go with it (ON DELETE CASCADE). */
export async function deleteEndpoint(ctx: ServerContext, appId: string, endpointId: string): Promise<void> {
  const row = await loadEndpoint(ctx, appId, endpointId);
  await ctx.db.deleteFrom('webhook_endpoints').where('id', '=', row.id).execute();
}

/** A new secret for the endpoint, shown once; deliveries from now on are signed with it. */
export async function rotateEndpointSecret(
  ctx: ServerContext,
  appId: string,
  endpointId: string,
): Promise<WebhookEndpointWithSecret> {
  const row = await loadEndpoint(ctx, appId, endpointId);
  const secret = newWebhookSecret();
  const next = {
    ...row,
    secret_sealed: ctx.secretBox.seal(Buffer.from(secret, 'utf8'), sealContext(row.id)),
    updated_at: ctx.now(),
  };
  await ctx.db
    .updateTable('webhook_endpoints')
    .set({ secret_sealed: next.secret_sealed, updated_at: next.updated_at })
    .where('id', '=', row.id)
    .execute();
  return { ...endpointView(next), secret };
}
